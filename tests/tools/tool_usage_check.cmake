# How an installed program answers its command line: --help and -h print the usage on
# stdout and exit 0 at once; a bad argument prints "<tool>: ..." and then the usage on
# stderr and exits 2. With -DORB_TOOL=ON (a tool that takes ORB options) --help also wins
# over a NameService reference to a port nothing listens on: a tool that connected first
# would fail, one that started serving would not return.
#   cmake -DTOOL=path -DNAME=rtorb-x -DMODE=help|bad [-DARGS=a;b] [-DORB_TOOL=ON]
#         -P tool_usage_check.cmake
foreach(var TOOL NAME MODE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "tool_usage_check.cmake: -D${var}=... is required")
  endif()
endforeach()
set(unreachable -ORBInitRef NameService=corbaloc::127.0.0.1:1/NameService)

function(run_tool)
  execute_process(COMMAND ${TOOL} ${ARGN} TIMEOUT 20
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(status "${status}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(expect_usage text where)
  string(FIND "${text}" "usage: ${NAME}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${NAME} ${ARGS}: no 'usage: ${NAME}' on ${where}:\n${text}")
  endif()
  set(at ${at} PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "help")
  foreach(flag --help -h)
    run_tool(${flag})
    if(NOT status STREQUAL "0")
      message(FATAL_ERROR "${NAME} ${flag}: exit status '${status}', expected 0\n${err}")
    endif()
    expect_usage("${out}" "stdout")
    if(NOT err STREQUAL "")
      message(FATAL_ERROR "${NAME} ${flag}: wrote to stderr:\n${err}")
    endif()
  endforeach()
  if(ORB_TOOL)
    run_tool(${unreachable} list --help)
    if(NOT status STREQUAL "0")
      message(FATAL_ERROR "${NAME} with ORB options and --help: exit status '${status}' "
                          "(did it touch the network?)\n${err}")
    endif()
    expect_usage("${out}" "stdout")
  endif()
elseif(MODE STREQUAL "bad")
  run_tool(${ARGS})
  if(NOT status STREQUAL "2")
    message(FATAL_ERROR "${NAME} ${ARGS}: exit status '${status}', expected 2\n${err}")
  endif()
  string(FIND "${err}" "${NAME}: " error_at)
  expect_usage("${err}" "stderr")
  if(NOT error_at EQUAL 0 OR NOT at GREATER 0)
    message(FATAL_ERROR "${NAME} ${ARGS}: expected '${NAME}: <error>' first, then the usage, "
                        "on stderr; got:\n${err}")
  endif()
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "${NAME} ${ARGS}: wrote to stdout:\n${out}")
  endif()
else()
  message(FATAL_ERROR "tool_usage_check.cmake: MODE is help or bad, not '${MODE}'")
endif()
