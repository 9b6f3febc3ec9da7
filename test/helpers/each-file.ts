/**
 * Vitest's setup for every test file: run before each file even when files share a worker's
 * modules, so what must happen once per file is registered here.
 */
import { afterAll } from "vitest";
import { removeScratch } from "./scratch.ts";

afterAll(removeScratch);
