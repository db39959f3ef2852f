# rtorb.pc for builds without CMake: pkg-config --cflags --libs rtorb; and one
# rtorb-<component>.pc per component (rtorb-naming.pc), which Requires: rtorb.
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
  _rtorb_install_pc(rtorb ${PROJECT_SOURCE_DIR}/cmake/rtorb.pc.in)
endfunction()

# _rtorb_install_pc(<name> <template>): <name>.pc from the template, everything but the
# prefix now, the prefix when installing.
function(_rtorb_install_pc name template)
  set(RTORB_PC_PREFIX "@RTORB_PC_PREFIX@")
  configure_file(${template} ${PROJECT_BINARY_DIR}/package/${name}.pc.in @ONLY)
  install(CODE "
    set(RTORB_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(\"${PROJECT_BINARY_DIR}/package/${name}.pc.in\"
                   \"${PROJECT_BINARY_DIR}/package/${name}.pc\" @ONLY)
    file(INSTALL \"${PROJECT_BINARY_DIR}/package/${name}.pc\"
         DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")")
endfunction()

# rtorb_install_component_pkg_config(<component> TARGET <library> DESCRIPTION <text>
#     [INCLUDE_DIRS <dir under the prefix>...] [REQUIRES <component>...]):
# rtorb-<component>.pc, so `pkg-config --cflags --libs rtorb-<component>` gives the
# component's library and headers (and, through Requires, rtorb's), as find_package(rtorb
# COMPONENTS <component>) does for CMake.
function(rtorb_install_component_pkg_config component)
  cmake_parse_arguments(ARG "" "TARGET;DESCRIPTION" "INCLUDE_DIRS;REQUIRES" ${ARGN})
  set(RTORB_PC_REQUIRES "rtorb = ${PROJECT_VERSION}")
  foreach(other IN LISTS ARG_REQUIRES)
    string(APPEND RTORB_PC_REQUIRES ", rtorb-${other} = ${PROJECT_VERSION}")
  endforeach()
  get_target_property(library ${ARG_TARGET} OUTPUT_NAME)
  if(NOT library)
    set(library ${ARG_TARGET})
  endif()
  set(RTORB_PC_COMPONENT ${component})
  set(RTORB_PC_DESCRIPTION "${ARG_DESCRIPTION}")
  set(RTORB_PC_LIBS "-l${library}")
  set(RTORB_PC_CFLAGS "")
  foreach(dir IN LISTS ARG_INCLUDE_DIRS)
    string(APPEND RTORB_PC_CFLAGS " -I\${prefix}/${dir}")
  endforeach()
  string(STRIP "${RTORB_PC_CFLAGS}" RTORB_PC_CFLAGS)
  _rtorb_install_pc(rtorb-${component} ${PROJECT_SOURCE_DIR}/cmake/rtorb-component.pc.in)
endfunction()
