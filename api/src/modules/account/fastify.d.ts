// What the auth plugin decorates for accounts. A .d.ts: never imported at run time.
declare module 'fastify' {
  interface FastifyInstance {
    /** accounts this instance deleted since it started: their tokens are refused before any read */
    deletedAccounts: Set<string>;
  }
}

export {};
