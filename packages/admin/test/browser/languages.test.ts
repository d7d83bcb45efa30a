/**
 * The admin in German, as a browser set to German opens it (Chromium's locale, which its
 * Accept-Language and `navigator.languages` follow): the list's words, counts, numbers and dates,
 * a decimal shown and typed the German way in the change form and saved in the API's wire form, the
 * sign-in page; `<html lang>` says German, axe-clean, with screenshots light and dark at 1366 and 375 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedRows } from "../fixture.js";
import {
  axeViolations,
  expectNoProblems,
  type Harness,
  openTab,
  SLOW,
  signedInSuite,
  skipReason,
  type Tab,
} from "./harness.js";
import { shotsInEveryView } from "./views.js";

const GERMAN = "de-DE";
const seeded = seedRows();
const product = seeded.products[2]!;

/** The results table's cell of `column` (by its header) in the row whose first cell is `id`. */
async function cell(page: Page, id: number, column: string): Promise<string> {
  const headers = await page.getByRole("table").locator("thead th").allTextContents();
  const index = headers.findIndex((text) => text.startsWith(column));
  const row = page
    .getByRole("table")
    .locator("tbody tr")
    .filter({ has: page.getByRole("rowheader", { name: String(id), exact: true }) });
  // The row's cells after its checkbox, in the headers' order (the first is the row's header).
  return (await row.locator("th, td:not(.select)").nth(index).textContent()) ?? "";
}

describe.skipIf(skipReason !== undefined)("admin UI in German", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  signedInSuite(
    (suite) => {
      ({ harness, tab, page } = suite);
    },
    undefined,
    "admin",
    "pw-admin",
    { locale: GERMAN },
  );

  it("shows the list's heading, buttons and counts in German, its numbers and dates the German way", async () => {
    await page.goto("/admin/products/?view=all&ordering=id");
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await page.evaluate("document.documentElement.lang")).toBe(GERMAN);
    // The model's label is the app's own name, as the server sends it.
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await page.getByText("60 Ergebnisse", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Product hinzufügen" }).waitFor();
    const pages = page.getByRole("navigation", { name: "Seitennavigation" });
    await pages.getByText("1–25 von 60").waitFor();
    await pages.getByRole("link", { name: "Nächste" }).waitFor();
    await pages.getByRole("combobox", { name: "Zeilen pro Seite" }).waitFor();
    await page.getByRole("searchbox", { name: "Suchen" }).waitFor();

    await page.getByRole("checkbox", { name: `${product.name} auswählen`, exact: true }).check();
    await page.getByRole("checkbox", { name: `${seeded.products[0]!.name} auswählen`, exact: true }).check();
    await page.getByText("2 von 60 ausgewählt").waitFor();
    await page.getByRole("button", { name: "Ausführen" }).waitFor();

    expect(product.price).toBe("111.00");
    expect(await cell(page, product.id, "Price")).toBe("111,00");
    const created = new Intl.DateTimeFormat(GERMAN, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "Europe/Berlin",
    }).format(product.createdAt);
    expect(created).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    expect(await cell(page, product.id, "Created at")).toBe(created);
    expect(await axeViolations(page)).toEqual([]);
    expectNoProblems(tab);
  });

  it("takes a decimal typed the German way and sends the API's wire form", async () => {
    await page.goto(`/admin/products/${product.id}/`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    await page.getByRole("button", { name: "Speichern und weiter bearbeiten" }).waitFor();
    const price = page.getByRole("textbox", { name: "Price" });
    expect(await price.inputValue()).toBe("111,00");
    await price.fill("1.234,50");
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await page.getByRole("status").getByText(`Product „${product.name}“ wurde gespeichert.`).waitFor();
    const stored = await tab.context.request.get(`/admin/api/models/products/rows/${product.id}`);
    expect(((await stored.json()) as { price: string }).price).toBe("1234.50");
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await cell(page, product.id, "Price")).toBe("1.234,50");
    await page.goto(`/admin/products/${product.id}/`);
    await expect.poll(() => page.getByRole("textbox", { name: "Price" }).inputValue()).toBe("1234,50");
    expect(await axeViolations(page)).toEqual([]);
    expectNoProblems(tab);
  });

  it("signs in on a German form", async () => {
    const other = await openTab(harness, { locale: GERMAN });
    await other.page.goto("/admin/login");
    await other.page.getByRole("heading", { level: 1, name: "Anmelden" }).waitFor();
    await other.page.getByLabel("Benutzername").fill("nobody");
    await other.page.getByRole("button", { name: "Anmelden" }).click();
    await other.page.getByRole("alert").waitFor();
    expect(await other.page.evaluate("document.documentElement.lang")).toBe(GERMAN);
    expect(await axeViolations(other.page)).toEqual([]);
    await other.context.close();
  });

  it("deletes a selection after a German confirmation, and says so in German", async () => {
    await page.goto("/admin/products/?view=all&ordering=-id");
    const [last, before] = [seeded.products[59]!, seeded.products[58]!];
    await page.getByRole("checkbox", { name: `${last.name} auswählen`, exact: true }).check();
    await page.getByRole("checkbox", { name: `${before.name} auswählen`, exact: true }).check();
    await page.getByRole("combobox", { name: "Aktion" }).selectOption({ label: "Ausgewählte Products löschen" });
    await page.getByRole("button", { name: "Ausführen" }).click();
    const dialog = page.getByRole("dialog", { name: "2 Products löschen" });
    await dialog.getByText("2 Products löschen? Dies kann nicht rückgängig gemacht werden.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Löschen" }).click();
    await page.getByRole("status").getByText("2 Products gelöscht.").waitFor();
    await page.getByText("58 Ergebnisse", { exact: true }).waitFor();
    expectNoProblems(tab);
  });

  it("takes screenshots of the list and a change form in German, light and dark, at 1366 and 375 px", async () => {
    await shotsInEveryView(
      harness,
      tab,
      "/admin/products/?view=all&ordering=id",
      "german-list",
      async (shown) => {
        await shown.getByRole("table").locator("tbody tr").first().waitFor();
        await shown.getByText(/^\d+ Ergebnisse$/).waitFor();
      },
      GERMAN,
    );
    await shotsInEveryView(
      harness,
      tab,
      `/admin/products/${seeded.products[0]!.id}/`,
      "german-change-form",
      async (shown) => {
        await shown.getByRole("button", { name: "Speichern und weiter bearbeiten" }).waitFor();
      },
      GERMAN,
    );
  });
});
