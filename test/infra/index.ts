export * from './environment.js';
export * from './database.js';
export * from './bus.js';
export * from './http.js';
export * from './platform.js';
export * from './trace-collector.js';
export * from './money.js';
