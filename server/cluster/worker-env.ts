/** Environment variables the main process gives its HTTP workers (besides its own environment). */
export const workerEnv = {
  /** The main process's private Unix socket (the API and the SPA). */
  apiSocket: 'RPC_DASHBOARD_API_SOCKET',
} as const;
