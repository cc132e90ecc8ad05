# What an installation offers to other build systems: the CMake package
# (lib/cmake/ito: the imported target ito::ito and ito_add_cilk_executable),
# pkg-config's lib/pkgconfig/ito.pc, and a Debian package through CPack.
include(CMakePackageConfigHelpers)

# What ito-cc adds when it links (ito-cc/src/Toolchain.cpp, findToolchain),
# for a program that another tool links: the functions libito wraps, its
# linker script, then libito, MPI and the C++ runtime (libito is C++; a C
# program links it explicitly). MPI is the one ito-cc was built against, by
# path, as ito-cc links it: a project that uses the package needs no FindMPI
# (which wants each of MPI's languages enabled).
# tests/packaging checks that these agree with `ito-cc --showme:link`.
set(ITO_LINK_WRAPS main _Exit _exit quick_exit fesetround fesetenv
  feupdateenv fesetmode feenableexcept fedisableexcept mmap mmap64 munmap
  mremap)
list(TRANSFORM ITO_LINK_WRAPS PREPEND "--wrap=" OUTPUT_VARIABLE ito_wraps)
list(JOIN ito_wraps "," ito_wraps)

# ito::ito, the installed libito (rt and dl are the target's already). The
# build tree's own targets keep linking `ito` as before: MPI through
# FindMPI, no wraps (programs written against libito need none of them).
foreach(dir IN LISTS MPI_C_INCLUDE_DIRS)
  set_property(TARGET ito APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES
    "$<INSTALL_INTERFACE:${dir}>")
endforeach()
# -D__NO_INLINE__ as ito-cc compiles with it (ito-cc/src/Toolchain.cpp).
foreach(def IN LISTS MPI_C_COMPILE_DEFINITIONS ITEMS __NO_INLINE__)
  set_property(TARGET ito APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS
    "$<INSTALL_INTERFACE:${def}>")
endforeach()
# -pthread for compiles too (_REENTRANT), as ito-cc passes it.
set_property(TARGET ito APPEND PROPERTY INTERFACE_COMPILE_OPTIONS
  "$<INSTALL_INTERFACE:-pthread>")
set_property(TARGET ito APPEND PROPERTY INTERFACE_LINK_OPTIONS
  "$<INSTALL_INTERFACE:LINKER:${ito_wraps}>"
  "$<INSTALL_INTERFACE:LINKER:-T,$<INSTALL_PREFIX>/lib/ito-globals.ld>")
foreach(lib IN LISTS MPI_C_LIBRARIES ITEMS stdc++ m -pthread)
  set_property(TARGET ito APPEND PROPERTY INTERFACE_LINK_LIBRARIES
    "$<INSTALL_INTERFACE:${lib}>")
endforeach()

set(ITO_CMAKE_DIR lib/cmake/ito)
install(EXPORT ito-targets NAMESPACE ito:: DESTINATION ${ITO_CMAKE_DIR})
set(ITO_INSTALL_BINDIR bin)
configure_package_config_file(cmake/ito-config.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/ito-config.cmake
  INSTALL_DESTINATION ${ITO_CMAKE_DIR} PATH_VARS ITO_INSTALL_BINDIR)
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/ito-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/ito-config.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/ito-config-version.cmake
  DESTINATION ${ITO_CMAKE_DIR})

# pkg-config: the same flags, for `cc $(pkg-config --cflags --libs ito)`.
# ${prefix} is the installation's, written at install time (DESTDIR and
# CPack's staging directory aside), and the file is in the manifest.
list(TRANSFORM MPI_C_INCLUDE_DIRS PREPEND "-I" OUTPUT_VARIABLE ito_pc_cflags)
list(TRANSFORM MPI_C_COMPILE_DEFINITIONS PREPEND "-D"
  OUTPUT_VARIABLE ito_pc_defs)
list(APPEND ito_pc_defs -D__NO_INLINE__ -pthread)
list(APPEND ito_pc_cflags ${ito_pc_defs})
list(JOIN ito_pc_cflags " " ITO_PC_CFLAGS)
set(ito_pc_libs "-Wl,${ito_wraps}" "-Wl,-T,\${libdir}/ito-globals.ld"
  "-L\${libdir}" -lito ${MPI_C_LIBRARIES} -lstdc++ -lm -pthread -lrt)
list(JOIN ito_pc_libs " " ITO_PC_LIBS)
set(ITO_PC_PREFIX "@prefix@") # for the second, install-time configure_file
configure_file(cmake/ito.pc.in ${CMAKE_CURRENT_BINARY_DIR}/ito.pc.in @ONLY)
install(CODE "
  set(prefix \"\${CMAKE_INSTALL_PREFIX}\")
  set(pc \"\${CMAKE_INSTALL_PREFIX}/lib/pkgconfig/ito.pc\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${pc}\")
  configure_file(\"${CMAKE_CURRENT_BINARY_DIR}/ito.pc.in\"
    \"\$ENV{DESTDIR}\${pc}\" @ONLY)
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${pc}\")")

# Debian package: `cpack -G DEB` in the build directory. ito-cc runs
# clang-19 (and links libclang-cpp and libLLVM), its programs link the MPI
# it was built with (MPICH's libmpich.so from libmpich-dev, or Open MPI's
# from libopenmpi-dev) and ito-run starts them with that MPI's mpiexec;
# llvm-symbolizer-19 (llvm-19) names functions in crash reports.
set(CPACK_PACKAGE_NAME ito)
set(CPACK_PACKAGE_VENDOR "ito")
set(CPACK_PACKAGE_CONTACT "ito developers <ito@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Cilk C and C++ across a cluster: ito-cc, ito-c++, ito-run, ito-scale and libito")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
if(MPI_C_LIBRARY_VERSION_STRING MATCHES "Open MPI")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-19, libopenmpi-dev, openmpi-bin, bash")
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-19, libmpich-dev, mpich, bash")
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "llvm-19, python3-matplotlib") # symbolizer; ito-scale
# The libraries the executables and plugins link (libclang-cpp19, libllvm19,
# libc6, libstdc++6), with their versions where dpkg-shlibdeps finds them.
find_program(ITO_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(ITO_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libclang-cpp19, libllvm19")
endif()
include(CPack)
