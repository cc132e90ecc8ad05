# Warnings for the project's own code (not for third-party headers).
function(ito_target_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra)
endfunction()
