/** Placeholder rows while a list's first page loads: the table keeps its shape instead of showing a bare header. */

/** `rows` rows of `columns` grey bars, hidden from assistive technology (the table says it is busy). */
export function SkeletonRows({ columns, rows }: { readonly columns: number; readonly rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a row of grey bars takes no focus (biome counts every tr)
        <tr key={row} class="skeleton-row" aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <span class="skeleton-bar" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
