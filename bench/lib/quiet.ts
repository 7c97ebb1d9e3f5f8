/** Imported first by benches that load the service: keeps request logs off the bench output. */
process.env.LOG_LEVEL ??= 'error'
