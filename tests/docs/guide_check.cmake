# Keeps the user guide true to the code:
#  - every -ORB option the ORB parses has a row in the option table of OPTIONS_PAGE, and
#    every option in that table is one the ORB parses;
#  - every minor code constant of the public headers has a row in MINORS_PAGE whose value
#    column shows the code's value, and every row there names a defined constant.
# Fails naming what is missing or wrong.
#   cmake -DSOURCE_DIR=<repository> [-DOPTIONS_PAGE=<md>] [-DMINORS_PAGE=<md>] -P guide_check.cmake
cmake_minimum_required(VERSION 3.25)  # IN_LIST, math OUTPUT_FORMAT
if(NOT DEFINED SOURCE_DIR)
  message(FATAL_ERROR "guide_check.cmake: -DSOURCE_DIR=... is required")
endif()
if(NOT DEFINED OPTIONS_PAGE)
  set(OPTIONS_PAGE ${SOURCE_DIR}/docs/guide/orb-options.md)
endif()
if(NOT DEFINED MINORS_PAGE)
  set(MINORS_PAGE ${SOURCE_DIR}/docs/guide/exceptions.md)
endif()

# Options documented ahead of the code that parses them (lower case, e.g. -orbfoo): each
# may be missing from the parsers until it lands. Empty when the guide and code agree.
set(PENDING_OPTIONS)

# lines_of(<var> <file>): the file's lines as a list. ';' would split a line in two, so
# it becomes the text <semicolon>, which no check looks for.
function(lines_of var file)
  file(READ ${file} text)
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

# ---- the options the code parses ----
# The orb layer matches each name with is("Name") (src/orb/orb_options.cpp); the other
# layers spell the whole option out in a string literal ("-ORBSchedPolicy"). Comment
# lines are skipped: they show option syntax such as "-ORBName value".
set(parsed)
lines_of(lines ${SOURCE_DIR}/src/orb/orb_options.cpp)
foreach(line IN LISTS lines)
  string(REGEX MATCHALL "is\\(\"[A-Za-z]+\"\\)" calls "${line}")
  foreach(call IN LISTS calls)
    string(REGEX REPLACE "is\\(\"([A-Za-z]+)\"\\)" "-ORB\\1" option "${call}")
    list(APPEND parsed ${option})
  endforeach()
endforeach()
list(LENGTH parsed core_count)
if(core_count EQUAL 0)
  message(FATAL_ERROR "guide_check.cmake: found no is(\"Name\") in src/orb/orb_options.cpp; "
                      "the option parser changed shape: update this script")
endif()
file(GLOB_RECURSE sources ${SOURCE_DIR}/src/*.cpp)
foreach(source IN LISTS sources)
  lines_of(lines ${source})
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*//")
      continue()
    endif()
    string(REGEX MATCHALL "\"-ORB[A-Za-z]+" literals "${line}")
    foreach(literal IN LISTS literals)
      string(SUBSTRING "${literal}" 1 -1 option)
      list(APPEND parsed ${option})
    endforeach()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES parsed)
set(parsed_lower)
foreach(option IN LISTS parsed)
  string(TOLOWER ${option} lower)
  list(APPEND parsed_lower ${lower})
endforeach()

# ---- the options in the guide's table: every -ORBName in the first cell of a row ----
set(documented)
set(documented_lower)
lines_of(lines ${OPTIONS_PAGE})
foreach(line IN LISTS lines)
  string(REPLACE "\\|" "/" line "${line}")  # value lists written a\|b
  if(line MATCHES "^\\|([^|]*)\\|")
    string(REGEX MATCHALL "-ORB[A-Za-z]+" options "${CMAKE_MATCH_1}")
    foreach(option IN LISTS options)
      string(TOLOWER ${option} lower)
      list(APPEND documented ${option})
      list(APPEND documented_lower ${lower})
    endforeach()
  endif()
endforeach()

set(problems)
foreach(option IN LISTS parsed)
  string(TOLOWER ${option} lower)
  if(NOT lower IN_LIST documented_lower)
    list(APPEND problems "${option} is parsed by the ORB but has no row in the option table of ${OPTIONS_PAGE}")
  endif()
endforeach()
foreach(option IN LISTS documented)
  string(TOLOWER ${option} lower)
  if(NOT lower IN_LIST parsed_lower AND NOT lower IN_LIST PENDING_OPTIONS)
    list(APPEND problems "${option} has a row in ${OPTIONS_PAGE} but no layer of the ORB parses it")
  endif()
endforeach()

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
list(LENGTH parsed option_count)
message(STATUS "guide: ${option_count} -ORB options and ${minor_count} minor codes documented")
