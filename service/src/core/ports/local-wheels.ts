/**
 * Folders of wheels on the hub's machine (the sandbox wheelhouse, SERVICE_ENVIRONMENT_WHEELS_DIR):
 * what offline resolutions and builds of locked environments read instead of a package index
 * (docs/environments.md, "Offline").
 */

/** A wheel on this machine: its file name and the SHA-256 of its bytes. */
export interface WheelFile {
  filename: string;
  sha256: string;
}

export interface LocalWheels {
  /** Every wheel in the folders now. */
  list(): Promise<WheelFile[]>;
}
