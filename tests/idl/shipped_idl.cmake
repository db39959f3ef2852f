# The orb.idl rtorb ships (idl/orb.idl): IDL that includes it, as IDL written for any ORB
# does to use CORBA::TypeCode, compiles, and the generated header includes nothing for it
# (there is no orbC.h to include).
#   cmake -DRTORB_IDL=... -DIDL_DIR=... -DWORK=... -P shipped_idl.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/uses_orb.idl
     "#include <orb.idl>\nmodule Check { interface Types { CORBA::TypeCode type_of(in any value); }; };\n")
execute_process(COMMAND ${RTORB_IDL} -I ${IDL_DIR} -o ${WORK} ${WORK}/uses_orb.idl
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "rtorb-idl failed on IDL including <orb.idl>:\n${errors}")
endif()
file(READ ${WORK}/uses_orbC.h header)
if(header MATCHES "#include \"orb")
  message(FATAL_ERROR "uses_orbC.h includes a header generated from orb.idl:\n${header}")
endif()
file(REMOVE_RECURSE ${WORK})
