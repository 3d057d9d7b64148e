// A port of the kernel (kernel/src/ports/), which the sandbox drivers implement.
export * from '@notebook-hub/kernel/ports/notebook-runtime.js';
