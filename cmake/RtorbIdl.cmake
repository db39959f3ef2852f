# rtorb_idl_generate(TARGET <target> IDL <file.idl>... [INCLUDE_DIRS <dir>...]
#                    [OPTIONS <rtorb-idl option>...] [OUTPUT_DIR <dir>] [CLIENT_ONLY]
#                    [LINK <rtorb target>...])
#
# Runs rtorb-idl at build time on each IDL file, writing fooC.h, fooC.cpp, fooS.h and
# fooS.cpp into OUTPUT_DIR (default: <current binary dir>/<target>_idl), adds the generated
# sources to <target> (only fooC.* with CLIENT_ONLY: a client needs no skeletons), puts
# OUTPUT_DIR on its include path and links the ORB.
#
# The same file serves rtorb's own tree and an installed rtorb (rtorbConfig.cmake includes
# it): the compiler is the rtorb::idl target in both, and the IDL files rtorb ships (its
# RTORB_IDL_INCLUDE_DIR property) are on rtorb-idl's include path after INCLUDE_DIRS.
# Outside rtorb's tree the target links rtorb::rtorb, the whole ORB (ORB_init lives in the
# runtime, so even a client needs it), or the targets LINK names: `LINK rtorb::core
# rtorb::poa` for a server with no RT and no Messaging (docs/footprint.md). Inside it links
# the lowest layer that suffices, so tests show the layering: the POA (or, CLIENT_ONLY, the
# ORB core), else the CDR layer.
# rtorb-idl writes a depfile listing every file the preprocessor read, so the code is
# regenerated when an IDL file or anything it #includes changes (and when rtorb-idl does).
function(rtorb_idl_generate)
  cmake_parse_arguments(ARG "CLIENT_ONLY" "TARGET;OUTPUT_DIR" "IDL;INCLUDE_DIRS;OPTIONS;LINK"
                        ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_IDL)
    message(FATAL_ERROR "rtorb_idl_generate: TARGET and IDL are required")
  endif()
  if(NOT TARGET ${ARG_TARGET})
    message(FATAL_ERROR "rtorb_idl_generate: '${ARG_TARGET}' is not a target; "
                        "create it first (add_executable or add_library)")
  endif()
  if(NOT TARGET rtorb::idl)
    message(FATAL_ERROR "rtorb_idl_generate: the rtorb::idl target (rtorb-idl) is missing; "
                        "call find_package(rtorb) first")
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}_idl)
  endif()
  set(include_dirs ${ARG_INCLUDE_DIRS})
  get_target_property(shipped_idl rtorb::idl RTORB_IDL_INCLUDE_DIR)
  if(shipped_idl)
    list(APPEND include_dirs ${shipped_idl})
  endif()
  set(include_flags)
  foreach(dir IN LISTS include_dirs)
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
      COMMAND $<TARGET_FILE:rtorb::idl> ${include_flags} ${ARG_OPTIONS} -o ${ARG_OUTPUT_DIR}
              --depfile ${ARG_OUTPUT_DIR}/${stem}.d ${idl_path}
      DEPENDS ${idl_path} rtorb::idl
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
  # A build-tree path: a target that is installed and exported installs the headers it
  # needs and names their installed directory itself (services/naming does).
  target_include_directories(${ARG_TARGET} PUBLIC $<BUILD_INTERFACE:${ARG_OUTPUT_DIR}>)
  # rtorb_poa, rtorb_orb and rtorb_cdr exist only in rtorb's own tree; installed, the
  # layers are imported as rtorb::<layer> and rtorb::rtorb is what an application links.
  if(ARG_LINK)
    target_link_libraries(${ARG_TARGET} PUBLIC ${ARG_LINK})
  elseif(TARGET rtorb_poa AND NOT ARG_CLIENT_ONLY)
    target_link_libraries(${ARG_TARGET} PUBLIC rtorb::poa)
  elseif(TARGET rtorb_orb)
    target_link_libraries(${ARG_TARGET} PUBLIC rtorb::orb)
  elseif(TARGET rtorb_cdr)
    target_link_libraries(${ARG_TARGET} PUBLIC rtorb::cdr)
  else()
    target_link_libraries(${ARG_TARGET} PUBLIC rtorb::rtorb)
  endif()
endfunction()
