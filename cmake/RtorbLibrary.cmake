# rtorb_add_layer(<name> SOURCES ... [DEPENDS ...] [LAYER <folder>])
# One library per layer (static unless BUILD_SHARED_LIBS). Public headers come from
# include/, private ones as "layer/file.hpp" from its own src/ folder and those below it
# (RTORB_LAYERS, cmake/RtorbLayers.cmake); DEPENDS lists layers below it, never above.
# LAYER names the src/ folder when it differs from <name> (a library of part of a layer).
# Every layer is installed and exported as rtorb::<name>, because a static rtorb::rtorb
# needs them all at link time; applications link rtorb::rtorb, or rtorb::core and the
# layers they use (docs/footprint.md).
include(GNUInstallDirs)

function(rtorb_add_layer name)
  cmake_parse_arguments(ARG "" "LAYER" "SOURCES;DEPENDS" ${ARGN})
  if(NOT ARG_LAYER)
    set(ARG_LAYER ${name})
  endif()
  add_library(rtorb_${name} ${ARG_SOURCES})
  target_include_directories(rtorb_${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${RTORB_GENERATED_INCLUDE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  # Private to the library: a layer above gets its own directory, and an installed rtorb
  # (or anything linking rtorb::rtorb) has include/ alone.
  rtorb_layer_include_dir(${ARG_LAYER} layer_dir)
  target_include_directories(rtorb_${name} PRIVATE ${layer_dir})
  rtorb_check_layer_depends(${ARG_LAYER} ${ARG_DEPENDS})
  target_compile_features(rtorb_${name} PUBLIC cxx_std_20)
  foreach(dep IN LISTS ARG_DEPENDS)
    target_link_libraries(rtorb_${name} PUBLIC rtorb_${dep})
  endforeach()
  # 0.x promises no ABI across minor releases, so the soname carries the minor number.
  set_target_properties(rtorb_${name} PROPERTIES
    EXPORT_NAME ${name}
    VERSION ${PROJECT_VERSION}
    SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
  add_library(rtorb::${name} ALIAS rtorb_${name})
  install(TARGETS rtorb_${name} EXPORT rtorbTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()

# rtorb_linked_layer(<name>)
# Linking rtorb::<name> plugs the layer into every ORB that ORB_init creates: its entry
# point rtorb_<name>_layer, which ORB_init refers to only weakly, is kept in the program
# (docs/footprint.md). Shared, the option alone does not make the library needed under
# --as-needed (the default of Debian's and Ubuntu's GCC), so the program's libraries are
# linked --no-as-needed.
function(rtorb_linked_layer name)
  target_link_options(rtorb_${name} INTERFACE "LINKER:--undefined=rtorb_${name}_layer")
  if(BUILD_SHARED_LIBS)
    target_link_options(rtorb_${name} INTERFACE "LINKER:--no-as-needed")
  endif()
endfunction()
