# LLVM/Clang 19 through their CMake packages, MPI through FindMPI.
set(ITO_LLVM_MAJOR 19)
# (LLVM's package only accepts an exact major.minor request, so look in the
# version-19 tree first and check the major version below.)
find_package(LLVM REQUIRED CONFIG
  HINTS /usr/lib/llvm-${ITO_LLVM_MAJOR}/lib/cmake/llvm)
find_package(Clang REQUIRED CONFIG
  HINTS /usr/lib/llvm-${ITO_LLVM_MAJOR}/lib/cmake/clang)
if(NOT LLVM_VERSION_MAJOR EQUAL ITO_LLVM_MAJOR)
  message(FATAL_ERROR "ito needs LLVM ${ITO_LLVM_MAJOR}, found ${LLVM_PACKAGE_VERSION} "
    "(install llvm-${ITO_LLVM_MAJOR}-dev, or run scripts/setup.sh)")
endif()
message(STATUS "ito: LLVM ${LLVM_PACKAGE_VERSION} in ${LLVM_TOOLS_BINARY_DIR}")

find_program(ITO_CLANG clang-${ITO_LLVM_MAJOR} HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
find_program(ITO_CLANGXX clang++-${ITO_LLVM_MAJOR} clang++
  HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH REQUIRED)
find_program(ITO_FILECHECK FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH REQUIRED)
find_program(ITO_LIT lit.py HINTS ${LLVM_TOOLS_BINARY_DIR}/../build/utils/lit lit)

# Debian installs MPICH and Open MPI side by side, with mpicc and mpiexec
# pointing at one of them (update-alternatives). ITO_MPI names one, so that
# a build never compiles with one and launches with the other: mpich,
# openmpi, or auto (MPICH if it is installed, else Open MPI, else whatever
# mpicc is).
set(ITO_MPI "auto" CACHE STRING "MPI implementation: auto, mpich or openmpi")
set_property(CACHE ITO_MPI PROPERTY STRINGS auto mpich openmpi)
set(ito_mpi_suffix "")
if(ITO_MPI STREQUAL "auto")
  foreach(suffix mpich openmpi)
    find_program(ito_mpicc_${suffix} mpicc.${suffix})
    if(ito_mpicc_${suffix})
      set(ito_mpi_suffix ${suffix})
      break()
    endif()
  endforeach()
elseif(ITO_MPI STREQUAL "mpich" OR ITO_MPI STREQUAL "openmpi")
  set(ito_mpi_suffix ${ITO_MPI})
else()
  message(FATAL_ERROR "ITO_MPI=${ITO_MPI}: use mpich, openmpi or auto")
endif()
if(ito_mpi_suffix)
  foreach(tool mpicc mpicxx mpiexec)
    find_program(ito_${tool}_${ito_mpi_suffix} ${tool}.${ito_mpi_suffix})
    if(NOT ito_${tool}_${ito_mpi_suffix})
      message(FATAL_ERROR "ITO_MPI=${ITO_MPI}: ${tool}.${ito_mpi_suffix} not found "
        "(install ${ito_mpi_suffix}; ITO_MPI=${ITO_MPI} scripts/setup.sh does)")
    endif()
  endforeach()
  set(MPI_C_COMPILER ${ito_mpicc_${ito_mpi_suffix}} CACHE FILEPATH "" FORCE)
  set(MPI_CXX_COMPILER ${ito_mpicxx_${ito_mpi_suffix}} CACHE FILEPATH "" FORCE)
  set(MPIEXEC_EXECUTABLE ${ito_mpiexec_${ito_mpi_suffix}} CACHE FILEPATH "" FORCE)
endif()
set(MPI_DETERMINE_LIBRARY_VERSION TRUE) # for ito-cc --version
find_package(MPI REQUIRED COMPONENTS C CXX)
find_program(ITO_MPIEXEC NAMES ${MPIEXEC_EXECUTABLE} mpiexec REQUIRED)
message(STATUS "ito: MPI from ${MPI_C_COMPILER}, launched by ${ITO_MPIEXEC}")
# Debian's python3 runs lit (it has psutil, which lit's per-test time limit
# needs), even when another python3 comes first on PATH.
find_program(ITO_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT ITO_PYTHON)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(ITO_PYTHON ${Python3_EXECUTABLE})
endif()
find_package(Threads REQUIRED)
