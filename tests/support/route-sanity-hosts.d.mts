/** Routes Sanity's API hosts to `standInUrl`; returns the function that undoes it. */
export function routeSanityHosts(standInUrl: string): () => void;
