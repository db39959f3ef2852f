# Keeps the user guide's minor code page true to the code: every minor code constant of the
# public headers has a row in MINORS_PAGE whose value column shows the code's value, and
# every row there names a defined constant. Fails naming what is missing or wrong. (The
# option list is checked against the option table by orb_options_guide_test.cpp.)
#   cmake -DSOURCE_DIR=<repository> [-DMINORS_PAGE=<md>] -P guide_check.cmake
cmake_minimum_required(VERSION 3.25)  # IN_LIST, math OUTPUT_FORMAT
if(NOT DEFINED SOURCE_DIR)
  message(FATAL_ERROR "guide_check.cmake: -DSOURCE_DIR=... is required")
endif()
if(NOT DEFINED MINORS_PAGE)
  set(MINORS_PAGE ${SOURCE_DIR}/docs/guide/exceptions.md)
endif()

# lines_of(<var> <file>): the file's lines as a list. ';' would split a line in two, so
# it becomes the text <semicolon>, which no check looks for.
function(lines_of var file)
  file(READ ${file} text)
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

set(problems)

# ---- the minor codes: every constant of the public headers ----
set(minors)
file(GLOB_RECURSE headers ${SOURCE_DIR}/include/*.hpp ${SOURCE_DIR}/services/*.hpp)
foreach(header IN LISTS headers)
  file(STRINGS ${header} definitions
       REGEX "constexpr std::uint32_t [a-z0-9_]+ = (rtorb|omg)_vmcid \\| (0x[0-9a-f]+|[0-9]+);")
  foreach(definition IN LISTS definitions)
    string(REGEX MATCH "uint32_t ([a-z0-9_]+) = (rtorb|omg)_vmcid \\| (0x[0-9a-f]+|[0-9]+);" _
           "${definition}")
    set(name ${CMAKE_MATCH_1})
    if(CMAKE_MATCH_2 STREQUAL "rtorb")
      math(EXPR value "0x52540000 | ${CMAKE_MATCH_3}" OUTPUT_FORMAT HEXADECIMAL)
    else()
      math(EXPR value "0x4f4d0000 | ${CMAKE_MATCH_3}" OUTPUT_FORMAT HEXADECIMAL)
    endif()
    list(APPEND minors ${name})
    set(value_of_${name} ${value})
  endforeach()
endforeach()
list(LENGTH minors minor_count)
if(minor_count EQUAL 0)
  message(FATAL_ERROR "guide_check.cmake: found no minor code constants under include/; "
                      "their definitions changed shape: update this script")
endif()

# ---- the guide's minor code rows: | `name` | `0x...` ... | ----
set(rows)
lines_of(lines ${MINORS_PAGE})
foreach(line IN LISTS lines)
  if(line MATCHES "^\\| `([a-z0-9_]+)` \\|([^|]*)\\|")
    set(name ${CMAKE_MATCH_1})
    set(value_cell "${CMAKE_MATCH_2}")
    list(APPEND rows ${name})
    if(NOT DEFINED value_of_${name})
      list(APPEND problems "${MINORS_PAGE} has a row for ${name}, which no public header defines")
    elseif(NOT value_cell MATCHES "`${value_of_${name}}`")
      string(STRIP "${value_cell}" value_cell)
      list(APPEND problems "${MINORS_PAGE} gives ${name} the value ${value_cell}, not `${value_of_${name}}`")
    endif()
  endif()
endforeach()
foreach(name IN LISTS minors)
  if(NOT name IN_LIST rows)
    list(APPEND problems "minor code ${name} (${value_of_${name}}) has no row in ${MINORS_PAGE}")
  endif()
endforeach()

if(problems)
  list(LENGTH problems count)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "the user guide is out of date (${count} problems):\n  ${text}\n"
                      "Add the missing rows (what it means, its default, what to do).")
endif()
message(STATUS "guide: ${minor_count} minor codes documented")
