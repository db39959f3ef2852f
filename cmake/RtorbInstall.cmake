# The installed CMake package: find_package(rtorb) gives rtorb::rtorb (the whole ORB, its
# layers as rtorb::<layer> beneath it, rtorb::core the lean one), rtorb::idl (the compiler)
# and rtorb_idl_generate, plus one set of targets per component (a service) that
# rtorb_add_component registers.
# Everything is relative to the install prefix, so an installed tree can be moved (the
# Debian package is built for /usr and tested unpacked elsewhere).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(RTORB_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/rtorb)
set(RTORB_INSTALL_IDLDIR ${CMAKE_INSTALL_DATADIR}/rtorb/idl)

# rtorb_add_component(<name> TARGETS <target>... [DEPENDS <component>...])
# Installs a part of rtorb that users ask for by name, such as a service:
#   find_package(rtorb 0.1 REQUIRED COMPONENTS <name>)   then link rtorb::<name>
# Its targets get their own export file, so a package split later (one .deb per service)
# only moves files. Set each target's EXPORT_NAME to the name users should see. DEPENDS
# names the components its targets link (registered before it): find_package loads them
# too, so a user asks only for what they use.
function(rtorb_add_component name)
  cmake_parse_arguments(ARG "" "" "TARGETS;DEPENDS" ${ARGN})
  if(NOT ARG_TARGETS)
    message(FATAL_ERROR "rtorb_add_component(${name}): TARGETS is required")
  endif()
  install(TARGETS ${ARG_TARGETS} EXPORT rtorb-${name}-targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT rtorb-${name}-targets NAMESPACE rtorb:: DESTINATION ${RTORB_INSTALL_CMAKEDIR})
  set_property(GLOBAL APPEND PROPERTY RTORB_COMPONENTS ${name})
  get_property(known GLOBAL PROPERTY RTORB_COMPONENTS)
  foreach(dependency IN LISTS ARG_DEPENDS)
    if(NOT dependency IN_LIST known)
      message(FATAL_ERROR "rtorb_add_component(${name}): DEPENDS ${dependency}, which is not "
                          "a component registered before it")
    endif()
  endforeach()
  set_property(GLOBAL APPEND_STRING PROPERTY RTORB_COMPONENT_DEPENDS
               "set(_rtorb_depends_${name} ${ARG_DEPENDS})\n")
endfunction()

# Called once at the end of the top-level CMakeLists.txt, after every component registered.
function(rtorb_install_package)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/rtorb ${RTORB_GENERATED_INCLUDE_DIR}/rtorb
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT rtorbTargets NAMESPACE rtorb:: DESTINATION ${RTORB_INSTALL_CMAKEDIR})
  # `cmake --install --strip` (and cpack, for the .deb) strips programs and shared
  # libraries but leaves static ones alone: their debug information is most of their size.
  # These rules run after the layers' own (CMP0082), so the libraries are in place.
  install(CODE "
    if(CMAKE_INSTALL_DO_STRIP)
      file(GLOB archives \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/librtorb_*.a\")
      foreach(archive IN LISTS archives)
        execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug \"\${archive}\" COMMAND_ERROR_IS_FATAL ANY)
      endforeach()
    endif()")

  get_property(RTORB_COMPONENTS GLOBAL PROPERTY RTORB_COMPONENTS)
  get_property(RTORB_COMPONENT_DEPENDS GLOBAL PROPERTY RTORB_COMPONENT_DEPENDS)
  list(JOIN RTORB_COMPONENTS ", " RTORB_COMPONENTS_TEXT)
  if(NOT RTORB_COMPONENTS_TEXT)
    set(RTORB_COMPONENTS_TEXT "none")
  endif()
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/rtorbConfig.cmake.in
    ${PROJECT_BINARY_DIR}/package/rtorbConfig.cmake
    INSTALL_DESTINATION ${RTORB_INSTALL_CMAKEDIR}
    PATH_VARS RTORB_INSTALL_IDLDIR)
  # 0.x: a new minor release may break the API, so 0.1 accepts 0.1.x only.
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/rtorbConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
  install(FILES
      ${PROJECT_BINARY_DIR}/package/rtorbConfig.cmake
      ${PROJECT_BINARY_DIR}/package/rtorbConfigVersion.cmake
      ${PROJECT_SOURCE_DIR}/cmake/RtorbIdl.cmake
    DESTINATION ${RTORB_INSTALL_CMAKEDIR})
endfunction()
