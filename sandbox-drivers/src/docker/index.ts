/** The Docker sandbox driver (`@notebook-hub/sandbox-drivers/docker`); importing it loads the Docker client, so only do so when it is configured. */
export { DockerSandboxDriver, type DockerDriverOptions } from './docker-driver.js';
