/* ito: the C API of libito.
 *
 * Programs written in C (and the code ito-cc generates from C) use these
 * functions; C++ programs may use <ito/ito.hpp> instead. */
#ifndef ITO_ITO_H
#define ITO_ITO_H

#ifdef __cplusplus
extern "C" {
#endif

/* Starts the runtime (and MPI, unless the program already started it).
 * Collective over all processes. argc/argv may be NULL. */
void ito_init(int *argc, char ***argv);

/* Stops the runtime (and MPI, if ito_init started it). Collective. */
void ito_fini(void);

/* Nonzero between ito_init and ito_fini. */
int ito_is_initialized(void);

/* This process's rank and the number of processes. */
int ito_rank(void);
int ito_n_ranks(void);

/* Nonzero on the master process (rank 0), where the root task starts. */
int ito_is_master(void);

/* The node this process runs on, how many nodes there are, and this
 * process's rank and the number of processes within its node. With
 * ITO_FORCE_INTERNODE=1 every process is a node of its own. */
int ito_node(void);
int ito_n_nodes(void);
int ito_node_rank(void);
int ito_node_n_ranks(void);

#ifdef __cplusplus
}
#endif

#endif /* ITO_ITO_H */
