# rtorb_add_layer(<name> SOURCES ... [DEPENDS ...])
# One static library per layer. Public headers come from include/, private ones from
# src/ as "layer/file.hpp"; DEPENDS lists the layers below it, never above.
function(rtorb_add_layer name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  add_library(rtorb_${name} STATIC ${ARG_SOURCES})
  target_include_directories(rtorb_${name}
    PUBLIC ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src)
  foreach(dep IN LISTS ARG_DEPENDS)
    target_link_libraries(rtorb_${name} PUBLIC rtorb_${dep})
  endforeach()
  add_library(rtorb::${name} ALIAS rtorb_${name})
endfunction()
