# The layer order, written once (DESIGN.md, "Enforcing the layers"): the build gives each
# layer's library the headers of its own layer and those below it, and the test
# Layers.IncludesRunDownward (tests/layers) fails on an include that runs upward.

# The folders of src/, lowest first. A layer's private headers are "layer/file.hpp".
# core, server and client are folders of the orb library, below its composition root (a
# collocated call reaches into the server side, so client sits above server).
set(RTORB_LAYERS base cdr giop ior transport core server client orb poa rt messaging interceptors runtime)

# The folders of include/rtorb/, lowest first: a public header includes only headers of its
# own folder and of those before it. base holds the vocabulary the cdr headers already need
# (exceptions, raise, minor codes, object_reference, IDL::traits, ValueBase); the corba/
# headers that used to hold it forward to it.
set(RTORB_PUBLIC_FOLDERS base cdr corba orb poa idl rt messaging coro interceptors)

# rtorb_layer_include_dir(<layer> <out-var>): a directory in the build tree that holds one
# symbolic link per layer up to and including <layer>, each to its src/ folder, so that
# "lower/file.hpp" resolves there and "higher/file.hpp" does not.
function(rtorb_layer_include_dir layer out)
  list(FIND RTORB_LAYERS ${layer} position)
  if(position EQUAL -1)
    message(FATAL_ERROR "layer '${layer}' is not in RTORB_LAYERS (cmake/RtorbLayers.cmake)")
  endif()
  set(dir ${PROJECT_BINARY_DIR}/layers/${layer})
  # Relinked at every configure, so a changed order leaves no stale link behind.
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  foreach(index RANGE ${position})
    list(GET RTORB_LAYERS ${index} visible)
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${visible} ${dir}/${visible} SYMBOLIC)
  endforeach()
  set(${out} ${dir} PARENT_SCOPE)
endfunction()

# rtorb_check_layer_depends(<layer> <dependency>...): a layer links no layer above it (a
# dependency that is not a layer's name, a library of part of one, is not checked).
function(rtorb_check_layer_depends layer)
  list(FIND RTORB_LAYERS ${layer} position)
  foreach(dep IN LISTS ARGN)
    list(FIND RTORB_LAYERS ${dep} dep_position)
    if(dep_position GREATER position)
      message(FATAL_ERROR "layer '${layer}' DEPENDS on '${dep}', which is above it in "
                          "RTORB_LAYERS (cmake/RtorbLayers.cmake)")
    endif()
  endforeach()
endfunction()

# rtorb_use_private_headers(<target>): for tests, fuzzers, white-box benchmarks and the
# tools that decode the wire themselves: every layer's private headers, as "layer/file.hpp".
function(rtorb_use_private_headers target)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/src)
endfunction()
