# error_model_check.cmake must fail on a tree that breaks the error model, naming each
# problem. Runs it on data/error_model and checks its exit status and messages.
#   cmake -DSOURCE_DIR=<repository> -DCHECK=<error_model_check.cmake> -DDATA=<data dir> -P error_model_check_selftest.cmake
execute_process(
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${DATA}/error_model
          -DEXCEPTIONS_HEADER=${SOURCE_DIR}/include/rtorb/base/exception.hpp -P ${CHECK}
  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(status EQUAL 0)
  message(FATAL_ERROR "error_model_check.cmake passed a tree that breaks the error model:\n${output}")
endif()
foreach(expected
    "transient_same_number and marshal_first share the value rtorb_vmcid | 0x1"
    "transient_never_raised is raised nowhere"
    "codeset_incompatible_no_match is raised nowhere"
    "src/stale.cpp: CODESET_INCOMPATIBLE raised with data_conversion_char, a code of DATA_CONVERSION"
    "src/stale.cpp: \"CORBA::INTERNAL>( 0,\" carries minor 0"
    "src/stale.cpp: \"throw CORBA::UNKNOWN(\": raise system exceptions with rtorb::raise"
    "src/stale.cpp: UNKNOWN raised with marshal_first, a code of MARSHAL"
    "(7 problems)")
  string(FIND "${output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "error_model_check.cmake did not say \"${expected}\":\n${output}")
  endif()
endforeach()
# OMG codes are per exception; a deprecated code raised nowhere is as it should be.
foreach(unexpected "obj_adapter_activator_failed and" "data_conversion_char and" "transient_kept")
  string(FIND "${output}" "${unexpected}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "error_model_check.cmake wrongly said \"${unexpected}\":\n${output}")
  endif()
endforeach()
