# Keeps rtorb's one error model (STYLE.md, "Errors"; docs/guide/exceptions.md) from slipping:
#  - every rtorb minor code value means one error: no two constants share a value (OMG
#    codes, which the OMG defines per exception, are unique per exception);
#  - every constant that is not [[deprecated]] is raised somewhere in src, services or tools;
#  - a raise (or a constructed exception) names a code of its own exception: MARSHAL carries
#    marshal_..., CODESET_INCOMPATIBLE carries codeset_incompatible_...;
#  - no system exception carries a bare minor 0;
#  - no system exception is thrown except by rtorb::raise (include/rtorb/base/raise.hpp).
# That every code has a row in the guide is guide_check.cmake's part. Fails naming each problem.
#   cmake -DSOURCE_DIR=<tree> [-DEXCEPTIONS_HEADER=<exception.hpp>] -P error_model_check.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED SOURCE_DIR)
  message(FATAL_ERROR "error_model_check.cmake: -DSOURCE_DIR=... is required")
endif()
if(NOT DEFINED EXCEPTIONS_HEADER)
  set(EXCEPTIONS_HEADER ${SOURCE_DIR}/include/rtorb/base/exception.hpp)
endif()
set(space "[ \t\r\n]*")

# ---- the system exceptions: the X(NAME) list of exception.hpp ----
file(READ ${EXCEPTIONS_HEADER} text)
string(REGEX MATCHALL "X\\([A-Z_]+\\)" entries "${text}")
set(exceptions)
foreach(entry IN LISTS entries)
  string(REGEX REPLACE "X\\(([A-Z_]+)\\)" "\\1" name "${entry}")
  list(APPEND exceptions ${name})
endforeach()
list(REMOVE_DUPLICATES exceptions)
list(LENGTH exceptions exception_count)
if(exception_count LESS 10)
  message(FATAL_ERROR "error_model_check.cmake: found no X(NAME) list in ${EXCEPTIONS_HEADER}; "
                      "its shape changed: update this script")
endif()
list(JOIN exceptions "|" exception_alternatives)

# exception_of(<var> <code name>): the exception whose lower-case name prefixes the code
# (the longest, so that no_implement_x is NO_IMPLEMENT, not NO_...); empty if none does.
function(exception_of var code)
  set(best "")
  set(best_length 0)
  foreach(exception IN LISTS exceptions)
    string(TOLOWER "${exception}_" prefix)
    string(LENGTH "${prefix}" length)
    string(FIND "${code}" "${prefix}" at)
    if(at EQUAL 0 AND length GREATER best_length)
      set(best ${exception})
      set(best_length ${length})
    endif()
  endforeach()
  set(${var} "${best}" PARENT_SCOPE)
endfunction()

# ---- the minor code constants of the public headers ----
set(problems)
set(codes)
file(GLOB_RECURSE headers ${SOURCE_DIR}/include/*.hpp ${SOURCE_DIR}/services/*.hpp)
foreach(header IN LISTS headers)
  file(READ ${header} text)
  string(REGEX MATCHALL
         "(\\[\\[deprecated[^;]*)?constexpr std::uint32_t [a-z0-9_]+ = (rtorb|omg)_vmcid \\| (0x[0-9a-f]+|[0-9]+)"
         definitions "${text}")
  foreach(definition IN LISTS definitions)
    string(REGEX MATCH "uint32_t ([a-z0-9_]+) = (rtorb|omg)_vmcid \\| (0x[0-9a-f]+|[0-9]+)" _
           "${definition}")
    set(name ${CMAKE_MATCH_1})
    set(vendor ${CMAKE_MATCH_2})
    math(EXPR number "${CMAKE_MATCH_3}" OUTPUT_FORMAT HEXADECIMAL)
    exception_of(exception ${name})
    if(exception STREQUAL "")
      list(APPEND problems "${name} does not start with the name of a system exception")
    endif()
    # rtorb codes are one error each; OMG codes are so per exception.
    if(vendor STREQUAL "rtorb")
      set(key "rtorb_${number}")
    else()
      set(key "omg_${exception}_${number}")
    endif()
    if(DEFINED holder_${key})
      list(APPEND problems "${name} and ${holder_${key}} share the value ${vendor}_vmcid | ${number}")
    else()
      set(holder_${key} ${name})
    endif()
    list(APPEND codes ${name})
    set(exception_of_${name} ${exception})
    if(definition MATCHES "^\\[\\[deprecated")
      set(deprecated_${name} TRUE)
    endif()
  endforeach()
endforeach()
list(LENGTH codes code_count)
if(code_count EQUAL 0)
  message(FATAL_ERROR "error_model_check.cmake: found no minor code constants under include/; "
                      "their definitions changed shape: update this script")
endif()

# ---- the code that raises them: src, services and tools (rtorb-idl writes raises too) ----
file(GLOB_RECURSE sources ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/src/*.hpp
     ${SOURCE_DIR}/services/*.cpp ${SOURCE_DIR}/services/*.hpp
     ${SOURCE_DIR}/tools/*.cpp ${SOURCE_DIR}/tools/*.hpp ${SOURCE_DIR}/include/*.hpp)
set(raise_helper ${SOURCE_DIR}/include/rtorb/base/raise.hpp)
set(used)
foreach(source IN LISTS sources)
  file(READ ${source} text)
  file(RELATIVE_PATH where ${SOURCE_DIR} ${source})
  # Comments may show what not to write; only code counts.
  string(REGEX REPLACE "//[^\n]*" "" text "${text}")
  string(REGEX MATCHALL "minor::[a-z0-9_]+" mentions "${text}")
  foreach(mention IN LISTS mentions)
    string(SUBSTRING "${mention}" 7 -1 name)
    list(APPEND used ${name})
  endforeach()
  # raise<CORBA::X>(minor::y ...) and CORBA::X(minor::y ...): y must be a code of X.
  string(REGEX MATCHALL
         "CORBA::(${exception_alternatives})>?\\(${space}(::rtorb::|rtorb::)?minor::[a-z0-9_]+"
         raises "${text}")
  foreach(raise IN LISTS raises)
    string(REGEX MATCH "CORBA::([A-Z_]+).*minor::([a-z0-9_]+)" _ "${raise}")
    set(exception ${CMAKE_MATCH_1})
    set(name ${CMAKE_MATCH_2})
    if(DEFINED exception_of_${name} AND NOT exception_of_${name} STREQUAL exception)
      list(APPEND problems "${where}: ${exception} raised with ${name}, a code of ${exception_of_${name}}")
    endif()
  endforeach()
  # A bare minor 0: raise<X>(0, ...) or CORBA::X(0, ...).
  string(REGEX MATCHALL "CORBA::(${exception_alternatives})>?\\(${space}0${space}[,)]" zeros
         "${text}")
  foreach(zero IN LISTS zeros)
    string(REGEX REPLACE "[\r\n\t ]+" " " zero "${zero}")
    list(APPEND problems "${where}: \"${zero}\" carries minor 0: name a code in minor_code.hpp")
  endforeach()
  if(NOT source STREQUAL raise_helper)
    string(REGEX MATCHALL
           "throw${space}(::)?(CORBA::)?(${exception_alternatives}|SystemException)${space}[({]"
           throws "${text}")
    foreach(throw IN LISTS throws)
      string(REGEX REPLACE "[\r\n\t ]+" " " throw "${throw}")
      list(APPEND problems "${where}: \"${throw}\": raise system exceptions with rtorb::raise")
    endforeach()
  endif()
endforeach()

foreach(name IN LISTS codes)
  if(deprecated_${name})
    if(name IN_LIST used)
      list(APPEND problems "${name} is deprecated but still raised")
    endif()
  elseif(NOT name IN_LIST used)
    list(APPEND problems
         "${name} is raised nowhere in src, services or tools: use it, or mark it deprecated")
  endif()
endforeach()

if(problems)
  list(LENGTH problems count)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "the error model slipped (${count} problems):\n  ${text}")
endif()
message(STATUS "errors: ${code_count} minor codes, each one error, raised and named")
