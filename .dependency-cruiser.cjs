// `npm run lint` checks the import graph: no circle between files (type-only imports count: a
// type circle is still two files that cannot be read apart), and no service reaches into another
// service's source (they talk gRPC and NATS; what they share is in services/platform).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split out what both files need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-service-source',
      severity: 'error',
      comment: 'A service imports only its own source and the shared packages.',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/([^/]+)/src/', pathNot: ['^services/$1/src/', '^services/platform/src/'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '/dist/', '/generated/'] },
    exclude: { path: ['/dist/', '/generated/', 'node_modules'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
