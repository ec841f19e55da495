/// The printed month's style, inline in the page: one A4 sheet (31 days, two lines of header,
/// a few lines of notes) in type large enough for a noticeboard, the system's Noto fonts. The
/// rows' type is in proportion to `--row`, their height, which `MonthHTML.rowHeight` sets.
/// On a screen the same sheet, centred, so that what is seen is what prints.
enum MonthStyle {
    static let css = """
    @page { size: A4; margin: 9mm 10mm 8mm; }
    * { box-sizing: border-box; }
    html { font-family: "Noto Sans", "DejaVu Sans", sans-serif; color: #000; background: #fff; }
    html[lang="ar"] { font-family: "Noto Naskh Arabic", "Noto Sans Arabic", "Noto Sans", sans-serif; }
    html[lang="ur"] { font-family: "Noto Nastaliq Urdu", "Noto Naskh Arabic", "Noto Sans", sans-serif; }
    /* Nastaliq's tall lines do not fit a one-page month: Nastaliq for the headings, Naskh below. */
    html[lang="ur"] table.times, html[lang="ur"] footer { font-family: "Noto Naskh Arabic", "Noto Sans Arabic", "Noto Sans", sans-serif; }
    body { margin: 0; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    .sheet { width: 190mm; margin: 0 auto; }
    header { text-align: center; margin-bottom: 2.5mm; }
    h1 { font-size: 20pt; line-height: 1.15; margin: 0; }
    .heading { font-size: 13pt; margin: 0.5mm 0 0; }
    .period { font-size: 14pt; font-weight: 700; margin: 0.5mm 0 0; }
    table.times { width: 100%; border-collapse: collapse; table-layout: fixed; }
    th, td { border: 0.25mm solid #444; text-align: center; vertical-align: middle; padding: 0 0.4mm; overflow: hidden; }
    th { background: #d9d9d9; font-size: 9.5pt; font-weight: 700; line-height: 1.2; padding: 0.8mm 0.4mm; }
    thead th.prayer { font-size: 10.5pt; }
    thead th.prayer[rowspan] { font-size: 9pt; }  /* a column of its own (sunrise): no wider than a time */
    tr.sub th { font-size: 8pt; font-weight: 400; }
    td { font-size: calc(var(--row) * 0.646); line-height: 1.1; height: var(--row); }
    .t { font-family: "Noto Sans", "Noto Naskh Arabic", sans-serif; font-variant-numeric: tabular-nums; white-space: nowrap; }
    td.t .s { display: block; }
    td.adhan { font-weight: 700; }
    td.iqamah { background: #efefef; font-size: calc(var(--row) * 0.59); }
    td.d { font-weight: 700; }
    td.wd, .g .wd { font-size: calc(var(--row) * 0.51); }
    td.h { font-size: calc(var(--row) * 0.59); }
    .hm { font-size: calc(var(--row) * 0.43); font-weight: 700; }
    tr.friday td { background: #cfe0f3; }
    tr.friday td.iqamah { background: #bcd3ec; }
    /* A line of a Jumu'ah session: 0.62 of a row (MonthHTML.rowHeight counts on it). */
    td.sessions .s { font-size: calc(var(--row) * 0.566); line-height: 1.1; }
    tr.friday td.wd { font-weight: 700; }
    tr.clock-change td.d, tr.clock-change td.g { background: #f6dfa8; }
    sup { font-size: 8pt; line-height: 0; }
    tr.extra td { font-size: calc(var(--row) * 0.5); height: auto; text-align: start; padding: 0.3mm 2mm; }
    footer { margin-top: 1.8mm; font-size: 9pt; line-height: 1.3; }
    footer p { margin: 0.3mm 0; }
    footer .source { color: #333; font-size: 8.5pt; }
    /* Ramadan: fewer columns, larger times; iftar (Maghrib) stands out. */
    body.ramadan td { font-size: calc(var(--row) * 0.686); }
    body.ramadan td.g { font-size: calc(var(--row) * 0.54); }
    body.ramadan td.iftar, body.ramadan th.iftar { background: #f9dc9c; }
    body.ramadan td.imsak { background: #efefef; }
    body.ramadan td.extras { font-size: calc(var(--row) * 0.5); white-space: normal; }
    /* The nightly prayers' times alone (taraweeh): as large as the other times. */
    body.ramadan td.extras.nightly { font-size: calc(var(--row) * 0.6); font-weight: 600; white-space: nowrap; }
    /* Arabic script reads smaller than Latin at the same size. */
    html[dir="rtl"] th { font-size: 10.5pt; }
    html[dir="rtl"] thead th.prayer { font-size: 12pt; }
    html[dir="rtl"] td.wd, html[dir="rtl"] .g .wd { font-size: calc(var(--row) * 0.59); }
    html[dir="rtl"] .hm { font-size: calc(var(--row) * 0.5); }
    html[dir="rtl"] footer { font-size: 10pt; }
    @media screen { body { padding: 9mm 0; background: #fff; } }
    """
}
