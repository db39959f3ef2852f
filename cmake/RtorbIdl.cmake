# rtorb_idl_generate(TARGET <target> IDL <file.idl>... [INCLUDE_DIRS <dir>...]
#                    [OPTIONS <rtorb-idl option>...] [OUTPUT_DIR <dir>] [CLIENT_ONLY])
#
# Runs rtorb-idl at build time on each IDL file, writing fooC.h, fooC.cpp, fooS.h and
# fooS.cpp into OUTPUT_DIR (default: <current binary dir>/<target>_idl), adds the generated
# sources to <target> (only fooC.* with CLIENT_ONLY: a client needs no skeletons), puts
# OUTPUT_DIR on its include path and links the runtime: the POA layer (or, CLIENT_ONLY, the
# ORB layer) when the build has it, else the CDR layer.
# rtorb-idl writes a depfile listing every file the preprocessor read, so the code is
# regenerated when an IDL file or anything it #includes changes (and when rtorb-idl does).
function(rtorb_idl_generate)
  cmake_parse_arguments(ARG "CLIENT_ONLY" "TARGET;OUTPUT_DIR" "IDL;INCLUDE_DIRS;OPTIONS" ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_IDL)
    message(FATAL_ERROR "rtorb_idl_generate: TARGET and IDL are required")
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}_idl)
  endif()
  set(include_flags)
  foreach(dir IN LISTS ARG_INCLUDE_DIRS)
    get_filename_component(dir ${dir} ABSOLUTE)
    list(APPEND include_flags -I${dir})
  endforeach()
  set(generated_sources)
  foreach(idl IN LISTS ARG_IDL)
    get_filename_component(idl_path ${idl} ABSOLUTE)
    get_filename_component(stem ${idl} NAME_WE)
    set(client ${ARG_OUTPUT_DIR}/${stem}C.h ${ARG_OUTPUT_DIR}/${stem}C.cpp)
    set(servant ${ARG_OUTPUT_DIR}/${stem}S.h ${ARG_OUTPUT_DIR}/${stem}S.cpp)
    set(outputs ${client} ${servant})
    add_custom_command(
      OUTPUT ${outputs}
      COMMAND $<TARGET_FILE:rtorb-idl> ${include_flags} ${ARG_OPTIONS} -o ${ARG_OUTPUT_DIR}
              --depfile ${ARG_OUTPUT_DIR}/${stem}.d ${idl_path}
      DEPENDS ${idl_path} rtorb-idl
      DEPFILE ${ARG_OUTPUT_DIR}/${stem}.d
      COMMENT "rtorb-idl ${idl}"
      VERBATIM)
    if(ARG_CLIENT_ONLY)
      list(APPEND generated_sources ${client})
    else()
      list(APPEND generated_sources ${outputs})
    endif()
  endforeach()
  target_sources(${ARG_TARGET} PRIVATE ${generated_sources})
  target_include_directories(${ARG_TARGET} PUBLIC ${ARG_OUTPUT_DIR})
  if(TARGET rtorb_poa AND NOT ARG_CLIENT_ONLY)
    target_link_libraries(${ARG_TARGET} PUBLIC rtorb::poa)
  elseif(TARGET rtorb_orb)
    target_link_libraries(${ARG_TARGET} PUBLIC rtorb::orb)
  else()
    target_link_libraries(${ARG_TARGET} PUBLIC rtorb::cdr)
  endif()
endfunction()
