// Suites that start real processes (service processes, Chromium) run one file at a time: each
// starts its own database, streams and ports, and two at once on a small CI machine would fight
// for CPU and Postgres connections. Unit suites keep jest's default runner, in parallel workers.
const TestRunner = require('jest-runner').default;

module.exports = class SerialRunner extends TestRunner {
  constructor(...args) {
    super(...args);
    // An own property: jest-runner declares `isSerial` as a class field, which would shadow a getter.
    this.isSerial = true;
  }
};
