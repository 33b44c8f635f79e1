// Sources import each other as `./x.js` (what Node and tsc want for ESM); under jest the file on
// disk is `./x.ts`. Resolve as Node would first, and only when that finds nothing, try the `.ts`
// twin, so a real `.js` file (built code, packages) always wins.
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (error) {
    if (!request.endsWith('.js') || !(request.startsWith('.') || request.startsWith('/'))) throw error;
    return options.defaultResolver(request.slice(0, -3) + '.ts', options);
  }
};
