# guide_check.cmake must fail on a stale guide, naming each problem. Runs it on the pages
# in data/ and checks its exit status and messages.
#   cmake -DSOURCE_DIR=<repository> -DCHECK=<guide_check.cmake> -DDATA=<data dir> -P guide_check_selftest.cmake
execute_process(
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${SOURCE_DIR} -DMINORS_PAGE=${DATA}/stale_minors.md
          -P ${CHECK}
  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(status EQUAL 0)
  message(FATAL_ERROR "guide_check.cmake passed a stale guide:\n${output}")
endif()
foreach(expected
    "minor code marshal_truncated (0x52540001) has no row"
    "gives transient_connect_failed the value `0x52540000`, not `0x52540311`"
    "has a row for transient_no_such_code, which no public header defines")
  string(FIND "${output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "guide_check.cmake did not say \"${expected}\":\n${output}")
  endif()
endforeach()
