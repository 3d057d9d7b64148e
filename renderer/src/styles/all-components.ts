/*
 * Mantine's whole stylesheet and its extensions' (docs/ui.md, "Loading"): every page but the first
 * loads it with its code (app/component-styles.ts); the first page takes only its own part
 * (first-page.css).
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
