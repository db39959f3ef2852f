# One list of what rtorb-idl does not map yet (tools/idl/not_yet_mapped.txt), and the places
# users read it must agree: `rtorb-idl --help`'s "Not mapped yet" section and the guide's
# "Not (yet) mapped" section hold its items in its order, and no other line of the guide,
# the README, idl/orb.idl or --help claims something is not supported, generated or mapped
# yet. A failure names the line that differs.
#   cmake -DLIST=... -DPAGE=... -DIDL=<rtorb-idl> -DOTHERS=a;b -P not_yet_mapped_check.cmake
foreach(var LIST PAGE IDL OTHERS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "not_yet_mapped_check.cmake: -D${var}=... is required")
  endif()
endforeach()
set(stale_claim "not (supported|generated|mapped) yet|[Nn]o code for value types|value types, which are parsed")

file(STRINGS ${LIST} expected REGEX "^[^#]")
list(LENGTH expected expected_count)
if(expected_count EQUAL 0)
  message(FATAL_ERROR "${LIST} lists nothing")
endif()

# section_items(<text lines var> <heading regex> <item prefix> <out items> <out others>):
# the items of the section whose heading matches (lines starting with the prefix, up to the
# next heading or blank-line-then-text), and every line outside it.
function(section_items lines heading prefix items_var others_var)
  set(items)
  set(others)
  set(state before)
  foreach(line IN LISTS ${lines})
    if(state STREQUAL "before" AND line MATCHES "${heading}")
      set(state in)
    elseif(state STREQUAL "in" AND line MATCHES "^${prefix}(.*)$")
      list(APPEND items "${CMAKE_MATCH_1}")
    elseif(state STREQUAL "in" AND NOT line STREQUAL "" AND items)
      set(state after)
      list(APPEND others "${line}")
    elseif(NOT state STREQUAL "in")
      list(APPEND others "${line}")
    endif()
  endforeach()
  set(${items_var} "${items}" PARENT_SCOPE)
  set(${others_var} "${others}" PARENT_SCOPE)
endfunction()

function(compare where items)
  list(LENGTH items count)
  foreach(i RANGE 0 ${expected_count})
    if(i EQUAL expected_count)
      break()
    endif()
    list(GET expected ${i} want)
    set(got "(nothing)")
    if(i LESS count)
      list(GET items ${i} got)
    endif()
    if(NOT got STREQUAL want)
      message(FATAL_ERROR "${where}, item ${i}:\n  is:       ${got}\n  the list: ${want}\n"
                          "(${LIST} is the one list; make both say the same)")
    endif()
  endforeach()
  if(count GREATER expected_count)
    list(GET items ${expected_count} extra)
    message(FATAL_ERROR "${where} has an item the list (${LIST}) lacks:\n  ${extra}")
  endif()
endfunction()

function(no_stale_claims where lines)
  foreach(line IN LISTS lines)
    if(line MATCHES "${stale_claim}")
      message(FATAL_ERROR "${where} claims outside the not-mapped list:\n  ${line}\n"
                          "(what is not mapped yet belongs in ${LIST})")
    endif()
  endforeach()
endfunction()

file(STRINGS ${PAGE} page_lines)
section_items(page_lines "^## Not \\(yet\\) mapped" "- " page_items page_others)
compare("${PAGE}'s \"Not (yet) mapped\"" "${page_items}")
no_stale_claims(${PAGE} "${page_others}")

execute_process(COMMAND ${IDL} --help TIMEOUT 20 RESULT_VARIABLE status OUTPUT_VARIABLE help)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "rtorb-idl --help exited with '${status}'")
endif()
string(REPLACE ";" "\\;" help "${help}")
string(REPLACE "\n" ";" help_lines "${help}")
section_items(help_lines "^Not mapped yet" "  - " help_items help_others)
compare("rtorb-idl --help's \"Not mapped yet\"" "${help_items}")
no_stale_claims("rtorb-idl --help" "${help_others}")

foreach(other IN LISTS OTHERS)
  file(STRINGS ${other} other_lines)
  no_stale_claims(${other} "${other_lines}")
endforeach()
message(STATUS "${expected_count} items agree in ${PAGE} and rtorb-idl --help")
