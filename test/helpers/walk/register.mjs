// Registered before tsx's hooks (node --import ./register.mjs --import tsx/esm), so that tsx reads
// the sources through it and compiles what it gives.
import { register } from "node:module";

register("./loader.mjs", import.meta.url);
