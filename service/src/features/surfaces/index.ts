// VS Code, OpenCode and managed AI in edit sessions (docs/surfaces.md). What other code may use of this feature; everything else in its folder is its own.
export { surfacesFeature } from './feature.js';
