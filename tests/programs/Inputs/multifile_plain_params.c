/* The parameters of multifile_plain_object.c, in a file of their own. */
int grain = 1;
long scale;
