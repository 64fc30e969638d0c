// The CLI bundle's stand-in for node:module, whose loading costs a start four of Node's modules (its ES
// module loader among them). Every createRequire in the bundle is given the bundle's own file
// (`__filename`: the stages resolve built-ins and their optional packages from it), and the bundle's
// `require` is the one made for that file (src/code-cache.ts), so it is what they get.
export function createRequire(_from: string | URL): NodeJS.Require {
  return require;
}
