/**
 * React (pages and e-mails) picks its development or production build from process.env.NODE_ENV when first loaded,
 * and the development one renders several times slower. The server is production unless told otherwise (config.ts),
 * so the variable says so before any library loads: main.ts imports this module before it loads the server.
 */
process.env.NODE_ENV ??= 'production';
