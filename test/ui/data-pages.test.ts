import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../service/src/adapters/store/s3-store.js';
import { prerequisite } from '../setup/prerequisites.js';
import { launchChromium, signInAs, type Chromium } from '../support/browser.js';
import { startFakeAiProvider, type FakeAiProvider } from '../support/fake-ai-provider.js';
import { BUILT_UI_DIR, closeBrowserSuite } from '../support/marimo-browser-suite.js';
import { startTestHub, type CallOptions, type TestHub } from '../support/test-hub.js';
import { expectAccessible, shootAll } from '../support/ui-pages.js';

const chromium = prerequisite('chromium');
const postgres = prerequisite('postgres');
const seaweedfs = prerequisite('seaweedfs');
const missing = chromium === null ? 'no Chromium' : postgres === null ? 'no PostgreSQL' : seaweedfs === null ? 'no SeaweedFS' : null;
if (missing) console.warn(`SKIPPED the Data tab pages: ${missing} on this machine`);

const RUN = Math.random().toString(36).slice(2, 8);
const BUCKET = `ui-data-${RUN}`;
const DATABASE = `ui_data_${RUN}`;
const VIEWER = 'vera.viewer@example.com';
// Long names, so the pages show how they cut them.
const PROJECT = 'Customer churn and retention analytics for the northern European subsidiaries';
const BUCKET_INTEGRATION = 'Raw events bucket (the landing zone of every upstream export, eu-central)';
const DATABASE_INTEGRATION = 'Analytics warehouse';
/** The hub reads at most this many rows of a query (SERVICE_DATA_QUERY_MAX_ROWS), so a bigger table shows the truncation. */
const QUERY_MAX_ROWS = 200;
const CUSTOMERS = 250;

const csv = (rows: number) =>
  [
    'order_id,customer,amount,ordered_at',
    ...Array.from(
      { length: rows },
      (_, index) => `${index + 1},Customer ${index % 40},${(index * 7.25).toFixed(2)},2024-05-${String((index % 28) + 1).padStart(2, '0')}`,
    ),
  ].join('\n') + '\n';

/**
 * The Data tab in the built UI against a real hub, a real PostgreSQL and a real SeaweedFS bucket:
 * the empty tab, a bucket's folders with Load more and the name filter, an object's facts and its
 * CSV in the grid (keyboard), a text, an image and a broken Parquet file, a notebook's workspace, a
 * database's tables, columns and first rows, queries (truncated, refused, cancelled), Open in
 * notebook into a new notebook, and a viewer's view. Every page is photographed in both themes at
 * 1440x900 and 1024x768 and checked with axe.
 */
describe.skipIf(missing !== null)('the Data tab pages', () => {
  let t: TestHub;
  let browser: Chromium;
  let viewerBrowser: Chromium | undefined;
  let page: Page;
  let cookie: string;
  let pid: string;
  let nid: string;
  let s3Id: string;
  let pgId: string;
  /** The cluster's superuser (set-up, and what is running), and the test role on this run's database. */
  let admin: pg.Client;
  let db: pg.Client;
  let ai: FakeAiProvider | undefined;

  const asAdmin = (route: string, options: CallOptions = {}) => t.call(route, { ...options, cookie, headers: { origin: t.url, ...options.headers } });
  const check = async (target: Page, name: string, from: Chromium = browser) => {
    // Toasts of earlier steps would cover what a screenshot is of: a person has read them by then.
    const toasts = await target.addStyleTag({ content: '.mantine-Notifications-root { visibility: hidden; }' });
    await shootAll(from, target, `data-${name}`);
    await toasts.evaluate((style) => style.remove());
    await expectAccessible(target, name);
    const html = await target.content();
    for (const secret of [postgres!.password, seaweedfs!.secretAccessKey]) expect(html, `${name} shows a secret`).not.toContain(secret);
  };
  const dataUrl = (rest = '') => `${t.url}/projects/${pid}/data${rest}`;

  beforeAll(async () => {
    // The data servers listen on 127.0.0.1, which the hub reaches only where the documented setting opens it.
    t = await startTestHub({
      env: {
        SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
        SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true',
        SERVICE_DATA_QUERY_MAX_ROWS: String(QUERY_MAX_ROWS),
        SERVICE_RUN_MAINTENANCE: 'false',
        SERVICE_AUTOMATIC_THUMBNAILS: 'false',
      },
      hub: () => ({ uiDir: BUILT_UI_DIR }),
    });
    cookie = await t.localLogin();
    const created = await asAdmin('/api/v1/projects', { method: 'POST', body: { name: PROJECT, description: 'Why customers leave' } });
    expect(created.status).toBe(201);
    pid = created.json.data.id;
    const notebook = await asAdmin(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', body: { title: 'Churn model' } });
    expect(notebook.status).toBe(201);
    nid = notebook.json.data.meta.id;
    const upload = await asAdmin(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/files?path=${encodeURIComponent('data/customers.csv')}`, {
      method: 'PUT',
      body: csv(60),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.status, upload.text).toBeLessThan(300);

    // A database of this run's own, owned by the test role: tables, a view, and statistics for the row estimates.
    admin = new pg.Client({ connectionString: postgres!.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE} OWNER ${postgres!.user}`);
    db = new pg.Client({ connectionString: postgres!.url.replace(/\/[^/]+$/, `/${DATABASE}`) });
    await db.connect();
    await db.query(`
      CREATE SCHEMA sales;
      CREATE TABLE sales.customers (id integer PRIMARY KEY, name text NOT NULL, email varchar(200), signed_up timestamptz NOT NULL, lifetime_value numeric(12,2));
      INSERT INTO sales.customers SELECT i, 'Customer ' || i, 'customer' || i || '@example.com', timestamptz '2024-01-01 09:00+00' + i * interval '1 day', i * 12.5 FROM generate_series(1, ${CUSTOMERS}) AS i;
      CREATE VIEW sales.big_customers AS SELECT id, name FROM sales.customers WHERE lifetime_value > 1000;
      CREATE TABLE public.a_table_with_an_exceptionally_long_name_that_the_tree_cuts_short (id integer);
      ANALYZE;
    `);

    // A bucket of this run's own: folders, a CSV, a text, an image, a broken Parquet file, and more objects than one page.
    const s3 = createS3Client({
      endpoint: seaweedfs!.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: seaweedfs!.accessKeyId, secretAccessKey: seaweedfs!.secretAccessKey },
    });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const put = (key: string, body: string | Uint8Array) => s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
    await put('sales/2024/orders.csv', csv(300));
    await put('sales/README.md', '# Sales exports\n\nOne CSV per year, written nightly by the CRM export.\n');
    await put('images/chart.png', await readFile(path.resolve(import.meta.dirname, '../../docs/images/ui-home.png')));
    await put('broken/orders.parquet', 'PAR1 this is not a Parquet file at all PAR1');
    for (let start = 0; start < 205; start += 25)
      await Promise.all(
        Array.from({ length: Math.min(25, 205 - start) }, (_, index) => put(`many/part-${String(start + index).padStart(4, '0')}.json`, '{"ok":true}\n')),
      );

    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
  }, 180_000);
  afterAll(async () => {
    await db?.end().catch(() => {});
    await admin?.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
    await admin?.end().catch(() => {});
    await ai?.close();
    await closeBrowserSuite({ browsers: [browser, viewerBrowser], hub: t });
  });

  it('says how to get a data source while the project has none, with the notebooks’ workspaces already there', async () => {
    await page.goto(dataUrl());
    await page.getByRole('heading', { name: 'No data integrations yet' }).waitFor();
    await page.getByRole('navigation', { name: 'Data sources' }).getByRole('link', { name: 'Churn model' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add an integration' }).getAttribute('href')).toBe(`/projects/${pid}/integrations`);
    await check(page, 'empty');

    const bucket = await asAdmin(`/api/v1/projects/${pid}/integrations`, {
      method: 'POST',
      body: {
        kind: 's3',
        name: BUCKET_INTEGRATION,
        env_prefix: 'RAW',
        config: { endpoint_url: seaweedfs!.endpoint, bucket: BUCKET, path_style: true },
        secrets: {
          access_key_id: { source: 'stored', value: seaweedfs!.accessKeyId },
          secret_access_key: { source: 'stored', value: seaweedfs!.secretAccessKey },
        },
      },
    });
    expect(bucket.status, bucket.text).toBe(201);
    s3Id = bucket.json.data.id;
    const database = await asAdmin(`/api/v1/projects/${pid}/integrations`, {
      method: 'POST',
      body: {
        kind: 'postgres',
        name: DATABASE_INTEGRATION,
        env_prefix: 'WAREHOUSE',
        config: { host: postgres!.host, port: postgres!.port, database: DATABASE, user: postgres!.user, sslmode: 'disable' },
        secrets: { password: { source: 'stored', value: postgres!.password } },
      },
    });
    expect(database.status, database.text).toBe(201);
    pgId = database.json.data.id;

    await page.reload();
    await page
      .getByRole('link', { name: new RegExp(DATABASE_INTEGRATION) })
      .first()
      .waitFor();
    await check(page, 'sources');
  });

  it('browses a bucket: folders, breadcrumbs, Load more and the filter by a name’s start', async () => {
    const nav = page.getByRole('navigation', { name: 'Data sources' });
    await nav.getByRole('link', { name: /Raw events bucket/ }).click();
    await page.waitForURL(dataUrl(`/${s3Id}`));
    const top = page.getByRole('table', { name: 'Top folder' });
    for (const folder of ['sales/', 'images/', 'broken/', 'many/']) await top.getByRole('link', { name: folder }).waitFor();
    await check(page, 'bucket');

    await top.getByRole('link', { name: 'many/' }).click();
    const many = page.getByRole('table', { name: 'Folder many/' });
    await many.getByRole('link', { name: 'part-0000.json' }).waitFor();
    expect(await many.getByRole('row').count()).toBe(201);
    await page.getByRole('button', { name: 'Load more' }).click();
    await many.getByRole('link', { name: 'part-0204.json' }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Filter by the start of a name' }).fill('part-020');
    await page.waitForURL(/q=part-020/);
    await expect.poll(() => many.getByRole('row').count()).toBe(6);
    await page.getByRole('textbox', { name: 'Filter by the start of a name' }).fill('nothing-starts-like-this');
    await page.getByRole('heading', { name: 'Nothing here starts with that' }).waitFor();

    await page.getByRole('navigation', { name: 'Folder' }).getByRole('link', { name: BUCKET }).click();
    await top.getByRole('link', { name: 'sales/' }).click();
    await page.getByRole('table', { name: 'Folder sales/' }).getByRole('link', { name: '2024/' }).click();
    const folder = page.getByRole('navigation', { name: 'Folder' });
    await folder.getByText('2024', { exact: true }).waitFor();
    expect(await folder.getByRole('link', { name: 'sales' }).getAttribute('href')).toContain('path=sales%2F');
  });

  it('opens a CSV object: its facts, its download through the hub, and its first rows in the grid, moved through with the keyboard', async () => {
    await page.getByRole('link', { name: 'orders.csv' }).click();
    await page.waitForURL(/path=sales%2F2024%2Forders\.csv/);
    const grid = page.getByRole('grid', { name: 'Preview of orders.csv' });
    await grid.waitFor();
    expect(Number(await grid.getAttribute('aria-rowcount'))).toBeGreaterThan(50);
    expect(await grid.getAttribute('aria-colcount')).toBe('5');
    await grid.getByRole('columnheader', { name: /amount/ }).waitFor();

    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    const focused = async () => page.locator(`[id="${await grid.getAttribute('aria-activedescendant')}"]`).textContent();
    expect(await focused()).toBe('Customer 1');
    await page.keyboard.press('End');
    expect(await focused()).toBe('2024-05-02');
    await check(page, 'object');

    const href = await page.getByRole('link', { name: 'Download' }).first().getAttribute('href');
    expect(href).toContain(`/api/v1/projects/${pid}/data/sources/${s3Id}/object/content?key=sales%2F2024%2Forders.csv`);
    const download = await t.call(href!, { cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.text).toBe(csv(300));
  });

  it('previews a text and an image, and says why a broken file has no preview', async () => {
    await page.goto(dataUrl(`/${s3Id}?path=${encodeURIComponent('sales/README.md')}`));
    await page.getByRole('region', { name: 'Preview of README.md' }).getByText('One CSV per year').waitFor();
    await check(page, 'text');

    await page.goto(dataUrl(`/${s3Id}?path=${encodeURIComponent('images/chart.png')}`));
    const image = page.getByRole('img', { name: /chart\.png/ });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);

    await page.goto(dataUrl(`/${s3Id}?path=${encodeURIComponent('broken/orders.parquet')}`));
    const alert = page.getByRole('alert').filter({ hasText: 'No preview of this file' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('orders.parquet cannot be previewed');
    await check(page, 'preview-error');
  });

  it('browses a notebook’s workspace like a bucket', async () => {
    await page.getByRole('navigation', { name: 'Data sources' }).getByRole('link', { name: 'Churn model' }).click();
    await page.getByRole('link', { name: 'data/' }).click();
    await page.getByRole('link', { name: 'customers.csv' }).click();
    await page.getByRole('grid', { name: 'Preview of customers.csv' }).waitFor();
    await check(page, 'workspace');
  });

  it('shows a database’s tables with their row estimates, a table’s first rows and its columns', async () => {
    await page
      .getByRole('navigation', { name: 'Data sources' })
      .getByRole('link', { name: new RegExp(DATABASE_INTEGRATION) })
      .click();
    const tree = page.getByRole('navigation', { name: `Tables of ${DATABASE_INTEGRATION}` });
    await tree
      .getByRole('link', { name: /customers/ })
      .first()
      .waitFor();
    expect(await tree.getByRole('link', { name: /big_customers/ }).textContent()).toContain('view');
    expect(await tree.getByRole('link', { name: /^customers/ }).textContent()).toMatch(/≈ 250 rows/);
    await page.getByText('2 tables and 1 view in 2 schemas').waitFor();
    await check(page, 'database');

    await tree.getByRole('link', { name: /^customers/ }).click();
    await page.waitForURL(dataUrl(`/${pgId}/tables/sales/customers`));
    const grid = page.getByRole('grid', { name: 'First rows of sales.customers' });
    await grid.getByText('customer1@example.com').waitFor();
    await grid.getByRole('columnheader', { name: /lifetime_value/ }).waitFor();
    await check(page, 'table');

    await page.getByRole('tab', { name: /Columns/ }).click();
    const columns = page.getByRole('table', { name: 'Columns of sales.customers' });
    await columns.getByRole('cell', { name: 'character varying(200)' }).waitFor();
    expect(await columns.getByRole('row').count()).toBe(6);
  });

  it('runs a query and shows where the hub stopped reading, the server’s refusal of a DELETE, and cancels a long one', async () => {
    await page.getByRole('link', { name: 'Query this table' }).click();
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await expect.poll(() => editor.inputValue()).toContain('FROM "sales"."customers"');
    await page.getByText(/this project has no OpenAI integration yet/).waitFor();

    await editor.fill('SELECT * FROM sales.customers ORDER BY id');
    await editor.press('Control+Enter');
    const grid = page.getByRole('grid', { name: 'Query result' });
    await grid.waitFor();
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(QUERY_MAX_ROWS + 1));
    await page.getByText(`Truncated at ${QUERY_MAX_ROWS} rows`).waitFor();
    await check(page, 'query');

    await editor.fill('DELETE FROM sales.customers');
    await page.getByRole('button', { name: 'Run' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The query failed' });
    await refused.waitFor();
    // The hub's own words: only statements that read are run.
    expect(await refused.textContent()).toContain('DELETE is refused');
    await check(page, 'query-error');
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales.customers')).rows[0]!.n).toBe(CUSTOMERS);

    await editor.fill('SELECT pg_sleep(60)');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('Running…').waitFor();
    const sleeping = async () =>
      (
        await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE 'SELECT pg_sleep%'`,
          [DATABASE],
        )
      ).rows[0]!.n;
    await expect.poll(sleeping, { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/Cancelled/).waitFor();
    // The hub cancels the statement at the server once the request is gone.
    await expect.poll(sleeping, { timeout: 15_000 }).toBe(0);
  });

  it('writes SQL for a question with the project’s AI provider, into the editor, sending no row and running nothing', async () => {
    ai = await startFakeAiProvider('SELECT name, lifetime_value FROM sales.customers ORDER BY lifetime_value DESC LIMIT 10');
    const provider = await asAdmin(`/api/v1/projects/${pid}/integrations`, {
      method: 'POST',
      body: {
        kind: 'openai',
        name: 'Team assistant',
        config: { base_url: ai.baseUrl, model: 'fake-sql' },
        secrets: { api_key: { source: 'stored', value: 'ai-key-5c2e' } },
      },
    });
    expect(provider.status, provider.text).toBe(201);
    await page.goto(dataUrl(`/${pgId}/query`));
    await page.getByRole('textbox', { name: /Ask in words/ }).fill('Who are our ten most valuable customers?');
    await page.getByRole('button', { name: 'Write SQL' }).click();
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await expect.poll(() => editor.inputValue()).toBe('SELECT name, lifetime_value FROM sales.customers ORDER BY lifetime_value DESC LIMIT 10');
    await page.getByText(/Written by fake-sql/).waitFor();
    await check(page, 'query-ask');

    // Names and types went to the provider; no row did, and nothing ran.
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0]).toContain('lifetime_value');
    expect(ai.requests[0]).not.toContain('customer1@example.com');
    expect(await page.getByRole('grid').count()).toBe(0);
  });

  it('adds the cells that load a table to a new notebook, without a secret', async () => {
    await page.goto(dataUrl(`/${pgId}/tables/sales/customers`));
    await page.getByRole('button', { name: 'Open in notebook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open sales.customers in a notebook' });
    await dialog.getByRole('radio', { name: 'A new notebook' }).check();
    await dialog.getByRole('textbox', { name: 'Title of the new notebook' }).fill('Customers from the warehouse');
    const toAdd = dialog.getByRole('region', { name: 'The cells to add' });
    await toAdd.waitFor();
    expect(await toAdd.textContent()).toContain('FROM "sales"."customers"');
    await check(page, 'open-in-notebook');
    await dialog.getByRole('button', { name: 'Add the cells' }).click();

    const done = page.getByRole('dialog', { name: /sales\.customers is in “Customers from the warehouse”/ });
    const code = done.getByRole('region', { name: 'The cells added' });
    await code.waitFor();
    expect(await code.textContent()).toContain('customers');
    expect(await code.textContent()).not.toContain(postgres!.password);
    await check(page, 'cells-added');

    const notebooks = (await asAdmin(`/api/v1/projects/${pid}/notebooks`)).json.data.items as { id: string; title: string }[];
    const added = notebooks.find((notebook) => notebook.title === 'Customers from the warehouse');
    expect(added).toBeDefined();
    const version = await asAdmin(`/api/v1/projects/${pid}/notebooks/${added!.id}`);
    expect(version.text).not.toContain(postgres!.password);

    // Closed without going there: a notification keeps the way to the notebook.
    await done.getByRole('button', { name: 'Done' }).click();
    const notification = page.getByRole('alert').filter({ hasText: 'Cells added to the notebook' });
    await notification.getByRole('link', { name: 'Open the notebook' }).click();
    await page.waitForURL(new RegExp(`/projects/${pid}/notebooks/${added!.id}`));
  });

  it('shows a viewer the sources, the integrations greyed with the reason, and the workspaces to browse', async () => {
    await t.hub.services.users.ensureByEmail(VIEWER, { name: null, superAdmin: false }, 'test');
    expect((await asAdmin(`/api/v1/projects/${pid}/members`, { method: 'POST', body: { email: VIEWER, role: 'viewer' } })).status).toBeLessThan(300);
    viewerBrowser = await launchChromium(chromium!.executablePath);
    await signInAs(t, viewerBrowser, VIEWER);
    const viewer = await viewerBrowser.newPage();
    viewer.setDefaultTimeout(20_000);

    await viewer.goto(dataUrl());
    const nav = viewer.getByRole('navigation', { name: 'Data sources' });
    await nav.getByText(DATABASE_INTEGRATION).waitFor();
    expect(await nav.getByRole('link', { name: new RegExp(DATABASE_INTEGRATION) }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: /Raw events bucket/ }).count()).toBe(0);
    await check(viewer, 'viewer', viewerBrowser);

    await viewer.goto(dataUrl(`/${pgId}`));
    await viewer.getByText(`You cannot browse ${DATABASE_INTEGRATION}`).waitFor();

    await nav.getByRole('link', { name: 'Churn model' }).click();
    await viewer.getByRole('link', { name: 'data/' }).waitFor();
  });
});
