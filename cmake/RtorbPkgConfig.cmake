# rtorb.pc for builds without CMake: pkg-config --cflags --libs rtorb.
# The libraries are listed in link order (each before the layers it uses), computed from
# the targets' links so a new layer cannot be forgotten here. The file is written at
# install time, because only then is the prefix known (--prefix, or /usr for the .deb).

# Appends <target> and the rtorb libraries below it, dependencies first, to the global
# property RTORB_PC_POSTORDER, and their link options (the --undefined=rtorb_<layer>_layer
# that plugs a layer into ORB_init, docs/footprint.md) to RTORB_PC_LINK_OPTIONS.
function(_rtorb_link_postorder target)
  get_property(seen GLOBAL PROPERTY RTORB_PC_SEEN)
  if(target IN_LIST seen)
    return()
  endif()
  set_property(GLOBAL APPEND PROPERTY RTORB_PC_SEEN ${target})
  get_target_property(deps ${target} INTERFACE_LINK_LIBRARIES)
  foreach(dep IN LISTS deps)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" dep "${dep}")
    if(NOT TARGET ${dep})
      continue()
    endif()
    get_target_property(aliased ${dep} ALIASED_TARGET)
    if(aliased)
      set(dep ${aliased})
    endif()
    if(dep MATCHES "^rtorb_")  # Threads::Threads becomes -pthread in the .pc file
      _rtorb_link_postorder(${dep})
    endif()
  endforeach()
  get_target_property(options ${target} INTERFACE_LINK_OPTIONS)
  if(options)
    list(TRANSFORM options REPLACE "^LINKER:" "-Wl,")
    set_property(GLOBAL APPEND PROPERTY RTORB_PC_LINK_OPTIONS ${options})
  endif()
  get_target_property(type ${target} TYPE)
  if(NOT type STREQUAL "INTERFACE_LIBRARY")
    set_property(GLOBAL APPEND PROPERTY RTORB_PC_POSTORDER ${target})
  endif()
endfunction()

function(rtorb_install_pkg_config)
  _rtorb_link_postorder(rtorb_rtorb)
  get_property(order GLOBAL PROPERTY RTORB_PC_POSTORDER)
  list(REVERSE order)
  list(TRANSFORM order PREPEND "-l")
  get_property(link_options GLOBAL PROPERTY RTORB_PC_LINK_OPTIONS)
  list(REMOVE_DUPLICATES link_options)
  list(JOIN link_options " " RTORB_PC_LIBS)
  list(JOIN order " " libraries)
  string(STRIP "${RTORB_PC_LIBS} ${libraries}" RTORB_PC_LIBS)
  # Everything but the prefix now; the prefix when installing.
  set(RTORB_PC_PREFIX "@RTORB_PC_PREFIX@")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/rtorb.pc.in ${PROJECT_BINARY_DIR}/package/rtorb.pc.in @ONLY)
  install(CODE "
    set(RTORB_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(\"${PROJECT_BINARY_DIR}/package/rtorb.pc.in\"
                   \"${PROJECT_BINARY_DIR}/package/rtorb.pc\" @ONLY)
    file(INSTALL \"${PROJECT_BINARY_DIR}/package/rtorb.pc\"
         DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")")
endfunction()
