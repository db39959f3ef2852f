# javac over the IDL compiler's output (a directory tree whose file names only the IDL
# knows) and the hand-written *.java in SOURCE_DIR: cmake -P with JAVAC, CLASSPATH,
# GENERATED, OUT and SOURCE_DIR.
file(GLOB_RECURSE generated_sources ${GENERATED}/*.java)
file(GLOB sources ${SOURCE_DIR}/*.java)
execute_process(
  COMMAND ${JAVAC} -nowarn -encoding UTF-8 -d ${OUT} -cp ${CLASSPATH} ${generated_sources} ${sources}
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "javac failed (${status})")
endif()
