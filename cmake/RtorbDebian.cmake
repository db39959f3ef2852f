# `cpack` in a build directory writes rtorb_<version>_amd64.deb: everything
# `cmake --install` installs (headers, static libraries, rtorb-idl and the tools, the IDL
# files, the CMake package and rtorb.pc), under /usr.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rtorb)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "rtorb")
set(CPACK_PACKAGE_CONTACT "rtorb maintainers <maintainers@users.noreply.a-seed-ac2b2848.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "real-time CORBA ORB for C++20 (IDL compiler, libraries, headers)")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "rtorb speaks GIOP 1.0-1.2 (interoperating with omniORB, TAO and JacORB), follows the OMG "
    "IDL to C++11 mapping and implements Real-time CORBA. This package holds the rtorb-idl "
    "compiler, the libraries and headers, the IDL files rtorb ships, rtorb-catior and "
    "rtorb-giop, and the CMake (find_package(rtorb)) and pkg-config files.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # rtorb_<version>_<arch>.deb
# Without debug information (RtorbInstall.cmake strips the static libraries too).
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The executables' library dependencies (libc6, libstdc++6, libgcc-s1) come from
# dpkg-shlibdeps. rtorb-idl runs cpp. The libraries are static C++20 code, so building
# with them needs g++ 12 (Debian 12's), and usually CMake or pkg-config.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "cpp")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "g++ (>= 4:12), cmake (>= 3.25), pkgconf | pkg-config")
include(CPack)
