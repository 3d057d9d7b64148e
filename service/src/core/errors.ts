// The error codes and HubError are the kernel's, shared with the sandbox drivers (kernel/).
export * from '@notebook-hub/kernel/errors.js';
