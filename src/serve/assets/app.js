// The workbench page: edit a rule set, judge the corpus with it, open a case, judge freely.
// It talks only to the server that served it (the JSON API under /api/).
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  picked: null,      // the rule set picked (its text is in the editor)
  loaded: "",        // its text as loaded or saved (an edit differs from it)
  base: null,        // the rule set the edit is compared with: the picked one, or for a
                     // saved amendment the rule set it amends (never itself)
  baseRows: [],      // every case as the base judges it
  problems: [],      // errors and warnings of the last judging, with their lines
  seq: 0,            // the number of the latest judging request (older answers are dropped)
  timer: null,       // the pause-in-typing timer
  names: {},         // the Vietnamese names of the terms and rulings, by id
};

// Verdicts in the law's words with the English gloss (`Trắng thua (red loses)`), as the
// server fills them in from the book's own wording (`docgen::page::verdict`).
const VERDICTS = /* the verdicts' words */ {};
// A verdict in the law's words, the English gloss in italics: `Trắng thua <i>red loses</i>`.
function verdictHtml(v) {
  if (!v) return "<span>—</span>";
  const words = escapeHtml(VERDICTS[v] || v).replace(/ \(([^)]*)\)$/, " <i>$1</i>");
  return `<span class="verdict-${v}">${words}</span>`;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (_) { data = { error: `HTTP ${response.status}` }; }
  return { status: response.status, ok: response.ok, data };
}

function setStatus(text, bad) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("bad", !!bad);
}

// ----- the editor: line numbers, highlighting, error marks ----------------------------------

// The rule language's words, as the server fills them in from the grammar's own lists
// (`syntax::KEYWORDS` and `syntax::CONTEXT_WORDS`): what a ruling or a verdict row concludes,
// and the other words.
const LANGUAGE = /* the language's words */ { outcomes: [], keywords: [] };
const OUTCOMES = new Set(LANGUAGE.outcomes);
const KEYWORDS = new Set(LANGUAGE.keywords);

function highlightLine(line) {
  let out = "";
  let i = 0;
  while (i < line.length) {
    const rest = line.slice(i);
    if (rest.startsWith("//")) {
      out += `<span class="hl-com">${escapeHtml(rest)}</span>`;
      break;
    }
    if (rest[0] === '"') {
      let j = 1;
      while (j < rest.length && rest[j] !== '"') j += rest[j] === "\\" ? 2 : 1;
      const s = rest.slice(0, j + 1);
      out += `<span class="hl-str">${escapeHtml(s)}</span>`;
      i += s.length;
      continue;
    }
    const word = /^[a-z][a-z0-9]*(-[a-z0-9]+)*/.exec(rest);
    if (word) {
      const w = word[0];
      const cls = OUTCOMES.has(w) ? "hl-out" : KEYWORDS.has(w) ? "hl-kw" : null;
      out += cls ? `<span class="${cls}">${w}</span>` : w;
      i += w.length;
      continue;
    }
    const num = /^[0-9]+/.exec(rest);
    if (num) {
      out += `<span class="hl-num">${num[0]}</span>`;
      i += num[0].length;
      continue;
    }
    if (rest[0] === "→" || rest.startsWith("->")) {
      const a = rest[0] === "→" ? "→" : "-&gt;";
      out += `<span class="hl-out">${a}</span>`;
      i += rest[0] === "→" ? 1 : 2;
      continue;
    }
    out += escapeHtml(rest[0]);
    i += 1;
  }
  return out;
}

function renderEditor() {
  const text = $("text").value;
  const lines = text.split("\n");
  const marks = new Map();
  for (const p of state.problems) {
    if (p.line > 0 && !p.file) {
      if (marks.get(p.line) !== "error") marks.set(p.line, p.kind);
    }
  }
  $("highlight").innerHTML = lines
    .map((l, k) => {
      const h = highlightLine(l) || " ";
      return marks.get(k + 1) === "error" ? `<span class="line-error">${h}</span>` : h;
    })
    .join("\n") + "\n";
  $("gutter").innerHTML = lines
    .map((_, k) => {
      const kind = marks.get(k + 1);
      const p = kind && state.problems.find((x) => x.line === k + 1);
      const title = p ? ` title="${escapeHtml(p.message)}"` : "";
      return `<div data-line="${k + 1}"${kind ? ` class="${kind}"` : ""}${title}>${k + 1}</div>`;
    })
    .join("");
  syncScroll();
}

function syncScroll() {
  const t = $("text");
  $("highlight").scrollTop = t.scrollTop;
  $("highlight").scrollLeft = t.scrollLeft;
  $("gutter").scrollTop = t.scrollTop;
}

function goToLine(line, column) {
  const t = $("text");
  const lines = t.value.split("\n");
  let offset = 0;
  for (let k = 0; k < line - 1 && k < lines.length; k++) offset += lines[k].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  t.focus();
  t.setSelectionRange(offset, offset);
  t.scrollTop = Math.max(0, (line - 5) * 18);
  syncScroll();
}

function renderProblems() {
  const list = $("problems");
  list.innerHTML = state.problems
    .map((p) => {
      const where = p.file ? `${escapeHtml(p.file)}:${p.line}:${p.column}` : `${p.line}:${p.column}`;
      const label = p.kind === "error" ? "Lỗi <i>error</i>" : "Cảnh báo <i>warning</i>";
      const help = p.help ? `<span class="help">${escapeHtml(p.help)}</span>` : "";
      return `<li class="${p.kind}" data-line="${p.line}" data-column="${p.column}">` +
        `<span class="where">${where}</span>${label}: ${escapeHtml(p.message)}${help}</li>`;
    })
    .join("");
}

$("problems").addEventListener("click", (e) => {
  const li = e.target.closest("li");
  if (li && Number(li.dataset.line) > 0) goToLine(Number(li.dataset.line), Number(li.dataset.column));
});

// ----- judging the corpus --------------------------------------------------------------------

// A term or ruling by its Vietnamese name, the id as the gloss: `bắt mãi <code>perpetual-chase</code>`.
function namedHtml(id) {
  const name = state.names[id];
  return name ? `${escapeHtml(name)} <code class="id">${escapeHtml(id)}</code>` : `<code>${escapeHtml(id)}</code>`;
}

const SIDES = { red: "Trắng <i>red</i>", black: "Đen <i>black</i>" };

// The deciding rulings, one line per side: `Trắng: bắt mãi (perpetual-chase), …`.
function rulingsHtml(list) {
  if (!list || !list.length) return "";
  const sides = new Map();
  for (const d of list) sides.set(d.side, [...(sides.get(d.side) || []), namedHtml(d.ruling)]);
  return [...sides].map(([side, names]) => `${SIDES[side] || escapeHtml(side)}: ${names.join(", ")}`).join("<br>");
}

function renderCases(changes) {
  const changed = new Map(changes.map((c) => [c.id, c]));
  const rows = [];
  for (const c of changes) rows.push({ ...c, changed: true });
  for (const r of state.baseRows) {
    if (!changed.has(r.id)) {
      rows.push({ ...r, after: r.before, rulings: { before: r.rulings, after: r.rulings }, changed: false });
    }
  }
  $("cases").querySelector("tbody").innerHTML = rows
    .map((r) => {
      const miss = r.expected && r.after !== r.expected ? ' class="miss" title="khác mong đợi (not as expected)"' : "";
      const rulings = r.changed
        ? `<span class="rulings">${rulingsHtml(r.rulings.before)}</span> → <span class="rulings">${rulingsHtml(r.rulings.after)}</span>`
        : `<span class="rulings">${rulingsHtml(r.rulings.after)}</span>`;
      return `<tr data-id="${escapeHtml(r.id)}"${r.changed ? ' class="changed"' : ""}>` +
        `<td>${escapeHtml(r.title)}</td><td>${escapeHtml(r.article)}</td>` +
        `<td>${verdictHtml(r.expected)}</td><td>${verdictHtml(r.before)}</td>` +
        `<td${miss}>${verdictHtml(r.after)}</td><td>${rulings}</td></tr>`;
    })
    .join("");
}

async function judge() {
  clearTimeout(state.timer);
  if (!state.base) return;
  const seq = ++state.seq;
  setStatus("Đang xử… (judging)");
  const started = performance.now();
  const { status, ok, data } = await api("POST", "/api/whatif", { base: state.base, rules: $("text").value });
  if (seq !== state.seq) return; // a newer edit was sent meanwhile
  if (ok) {
    state.problems = (data.warnings || []).map((w) => ({ ...w, kind: "warning" }));
    state.names = { ...state.names, ...(data.names || {}) };
    markStale(false);
    renderCases(data.changes);
    renderReasons(data.reasons || []);
    const n = data.changes.length;
    $("summary").innerHTML = `${n} trong ${data.cases} hình đổi kết quả <i>${n} of ${data.cases} cases change verdict</i>`;
    setStatus(`Xong (done) · ${Math.round(performance.now() - started)} ms`);
  } else if (status === 422 && data.errors) {
    state.problems = data.errors.map((e) => ({ ...e, kind: "error" }));
    $("summary").innerHTML = escapeHtml(data.error);
    markStale(true);
    setStatus("Có lỗi (errors)", true);
  } else {
    state.problems = [];
    markStale(true);
    setStatus(`${data.error || "HTTP " + status}${data.help ? " — " + data.help : ""}`, true);
  }
  renderProblems();
  renderEditor();
}

// The table no longer shows the text being edited (it has errors, or judging failed): it is
// marked stale, and says so above it, until the text judges again.
function markStale(stale) {
  $("cases").classList.toggle("stale", stale);
  const note = $("stale-note");
  note.hidden = !stale;
}

// Text with `code` spans, as the library writes its messages.
function codeHtml(text) {
  return escapeHtml(text).replace(/`([^`]*)`/g, "<code>$1</code>");
}

// Why an edit does not take effect where it fires: said above the table, with what to write,
// in the library's own words (`Reason::line_by_name`, as `xqlaw whatif` says it).
function renderReasons(reasons) {
  const box = $("reasons");
  if (!reasons.length) {
    box.hidden = true;
    box.innerHTML = "";
    return;
  }
  const items = reasons.map((r) => `<li>${codeHtml(r.said).replace(/\n\s*/g, "<br>")}</li>`);
  box.innerHTML = `<b>Vì sao bản sửa không có hiệu lực ở đâu đó</b> <i>Why the edit does not take effect everywhere</i><ul>${items.join("")}</ul>`;
  box.hidden = false;
}

function scheduleJudge() {
  clearTimeout(state.timer);
  state.timer = setTimeout(judge, 700);
}

async function loadRuleSet(name) {
  state.picked = name;
  setStatus("Đang tải… (loading)");
  const text = await api("GET", `/api/rulesets/${encodeURIComponent(name)}`);
  if (!text.ok) return setStatus(text.data.error, true);
  state.base = text.data.base || name;
  const cases = await api("GET", `/api/cases?base=${encodeURIComponent(state.base)}`);
  $("text").value = text.data.text;
  state.loaded = text.data.text;
  state.baseRows = cases.ok ? cases.data.cases : [];
  state.names = cases.ok ? cases.data.names || {} : {};
  state.problems = [];
  renderBase();
  renderProblems();
  renderEditor();
  $("text").scrollTop = 0;
  await judge();
}

// What the edit is compared with: said when it is not the picked rule set itself.
function renderBase() {
  const note = $("base-note");
  if (state.base && state.base !== state.picked) {
    note.innerHTML = `So với <b>${escapeHtml(state.base)}</b>, bộ luật mà <b>${escapeHtml(state.picked)}</b> sửa đổi; mong đợi của ${escapeHtml(state.base)}. ` +
      `<i>Compared with ${escapeHtml(state.base)}, the rule set ${escapeHtml(state.picked)} amends, against its expectations.</i>`;
    note.hidden = false;
  } else {
    note.hidden = true;
  }
}

// Whether the editor holds edits not yet saved.
const edited = () => $("text").value !== state.loaded;

async function loadRuleSets(pick) {
  const { ok, data } = await api("GET", "/api/rulesets");
  if (!ok) return setStatus(data.error, true);
  const options = data.rulesets
    .map((r) => `<option value="${escapeHtml(r.name)}">${escapeHtml(r.name)}${r.title ? " — " + escapeHtml(r.title) : ""}${r.compiles ? "" : " (lỗi, error)"}</option>`)
    .join("");
  $("ruleset").innerHTML = options;
  $("free-rules").innerHTML = `<option value="">Văn bản đang sửa (the edited text)</option>` + options;
  const names = data.rulesets.map((r) => r.name);
  const chosen = pick && names.includes(pick) ? pick : names.includes("vn-1999") ? "vn-1999" : names[0];
  $("ruleset").value = chosen;
  // The free tab judges with what is being edited, unless another rule set is picked there.
  $("free-rules").value = "";
  return chosen;
}

// ----- a case --------------------------------------------------------------------------------

async function openCase(id) {
  setStatus(`Đang mở ${id}… (opening)`);
  const { ok, status, data } = await api("POST", "/api/case", { base: state.base, rules: $("text").value, id });
  if (!ok) {
    const message = data.errors ? "sửa lỗi trước (fix the errors first)" : data.error || "HTTP " + status;
    return setStatus(message, true);
  }
  setStatus("");
  $("case-title").textContent = `${data.title} — Điều ${data.article}`;
  $("case-board").innerHTML = data.board; // SVG made by the server from the position
  $("case-verdicts").innerHTML =
    `Mong đợi <i>expected</i>: ${verdictHtml(data.expected)} · Trước <i>before</i>: ${verdictHtml(data.before)} · ` +
    `Bây giờ <i>now</i>: ${verdictHtml(data.after)}`;
  $("case-moves").querySelector("tbody").innerHTML = data.moves
    .map((m) => `<tr><td>${m.ply}</td><td>${escapeHtml(m.printed)}</td><td>${escapeHtml(m.vi)}</td><td>${escapeHtml(m.iccs)}</td></tr>`)
    .join("");
  $("case-commentary").textContent = data.commentary;
  $("case-explanation").textContent = data.explanation;
  $("case-dialog").showModal();
}

$("cases").addEventListener("click", (e) => {
  const tr = e.target.closest("tbody tr");
  if (tr) openCase(tr.dataset.id);
});
$("case-close").addEventListener("click", () => $("case-dialog").close());

// ----- download and save as ------------------------------------------------------------------

$("download").addEventListener("click", () => {
  const blob = new Blob([$("text").value], { type: "text/plain;charset=utf-8" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${state.picked || "rules"}-sua.rules`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});

// The proposal of the text being edited, as `xqlaw whatif --report` writes it: one
// printable page, made by the server's proposal generator, saved as a file.
$("report").addEventListener("click", async () => {
  if (!state.base) return;
  setStatus("Đang làm báo cáo… (making the report)");
  const response = await fetch("/api/report", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ base: state.base, rules: $("text").value, name: `${state.picked || state.base}.rules` }),
  });
  if (!response.ok) {
    let data = {};
    try { data = await response.json(); } catch (_) { data = { error: `HTTP ${response.status}` }; }
    return setStatus(`${data.error}${data.help ? " — " + data.help : ""}`, true);
  }
  const blob = await response.blob();
  const disposition = response.headers.get("content-disposition") || "";
  const named = /filename="([^"]+)"/.exec(disposition);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = named ? named[1] : "de-xuat.html";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  setStatus(`Đã tải báo cáo (report downloaded): ${a.download}`);
});

$("save-as").addEventListener("click", () => {
  $("save-message").textContent = "";
  $("save-message").classList.remove("bad");
  if (!$("save-name").value) $("save-name").value = `${state.base || "rules"}-sua`;
  $("save-dialog").showModal();
  $("save-name").focus();
});
$("save-cancel").addEventListener("click", () => $("save-dialog").close());

$("save-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("save-name").value.trim();
  if (!name) return;
  let rename = false;
  const send = (overwrite) => api("POST", "/api/save", { name, rules: $("text").value, overwrite, rename });
  let answer = await send(false);
  if (answer.status === 422 && answer.data.rename) {
    // The `rules` line names another rule set: rename it after the file, with consent.
    const ok = confirm(`${answer.data.error}\n\nĐổi dòng ${answer.data.line} thành “${answer.data.rename}”?\n(Rename line ${answer.data.line} to “${answer.data.rename}”?)`);
    if (!ok) {
      $("save-message").textContent = `${answer.data.error} — ${answer.data.help || ""}`;
      $("save-message").classList.add("bad");
      return;
    }
    rename = true;
    answer = await send(false);
  }
  if (answer.status === 409 && answer.data.exists) {
    if (!confirm(`${answer.data.error}.\nGhi đè? (Replace it?)`)) return;
    answer = await send(true);
  }
  const message = $("save-message");
  if (answer.ok) {
    $("save-dialog").close();
    setStatus(`Đã lưu (saved) rules/${answer.data.file}`);
    await loadRuleSets(answer.data.name);
    await loadRuleSet(answer.data.name);
  } else if (answer.data.errors) {
    message.textContent = "Văn bản có lỗi (the text has errors): " + answer.data.errors.map((x) => `${x.line}:${x.column} ${x.message}`).join("; ");
    message.classList.add("bad");
  } else {
    message.textContent = answer.data.error + (answer.data.help ? ` — ${answer.data.help}` : "");
    message.classList.add("bad");
  }
});

// ----- free judging --------------------------------------------------------------------------

const OUTCOMES_VI = { forbidden: "bị cấm <i>forbidden</i>", allowed: "được phép <i>allowed</i>" };

function firedHtml(f, pieces) {
  const overridden = f.overridden_by && f.overridden_by.length;
  const mark = f.outcome === "forbidden" ? "✗" : "✓";
  const target = f.target ? ` — trên <i>on</i> ${pieceHtml(f.target, pieces)}` : "";
  const by = overridden ? ` <i>(bị gạt bỏ bởi, overridden by ${f.overridden_by.map(namedHtml).join(", ")})</i>` : "";
  return `<div class="fired${overridden ? " overridden" : ""}">${mark} <b>${namedHtml(f.id)}</b> ` +
    `(${escapeHtml(f.article || "")}) → ${OUTCOMES_VI[f.outcome] || escapeHtml(f.outcome)}${target}${by}` +
    `${f.quote ? `<span class="quote">“${escapeHtml(f.quote)}”</span>` : ""}</div>`;
}

function sideHtml(name, side, pieces) {
  return `<div class="side"><h3>${name}, ${side.moves} nước <i>moves</i>: ${OUTCOMES_VI[side.outcome] || escapeHtml(side.outcome)}</h3>` +
    (side.fired.length ? side.fired.map((f) => firedHtml(f, pieces)).join("") : "<div class=\"fired\">—</div>") + "</div>";
}

// A piece in the law's words, as the server gives them (`pieces` of a judgement): `red rook
// e6` is `Xe Trắng e6 <i>red rook e6</i>`.
function pieceHtml(text, pieces) {
  const vi = (pieces || {})[text];
  return vi ? `${escapeHtml(vi)} <i>${escapeHtml(text)}</i>` : escapeHtml(text || "");
}

const NOTATION_NAMES = { vi: "tiếng Việt (của luật) <i>Vietnamese, the law's</i>", iccs: "ICCS", wxf: "WXF", zh: "chữ Hán <i>Chinese</i>" };

// Which notation the moves were read in, and a warning when they read as other moves in
// another notation (the verdict then depends on the notation).
function notationHtml(j) {
  if (!j.notation) return "";
  const used = `<p class="notation">Đọc theo ký hiệu <i>read in</i> ${NOTATION_NAMES[j.notation] || escapeHtml(j.notation)}</p>`;
  const others = j.also_reads_in || [];
  if (others.length === 0) return used;
  return used + `<div class="error-box notation-warning">Các nước này cũng hợp lệ theo ký hiệu ` +
    `<i>these moves also read, as other moves, in</i> ${others.map((n) => NOTATION_NAMES[n] || escapeHtml(n)).join(", ")}: ` +
    `kết quả tùy ký hiệu <i>the verdict depends on the notation</i>; chọn ký hiệu ở trên <i>choose it above</i>.</div>`;
}

function renderJudgement(j) {
  state.names = { ...state.names, ...(j.names || {}) };
  const row = j.row ? `<p>Dòng phán quyết <i>verdict row</i> ${j.row.row}: <code>${escapeHtml(j.row.text)}</code></p>` : "";
  const terms = (list) => (list || []).map(namedHtml).join(", ");
  const facts = j.plies
    .map((p) => {
      const threats = (p.threats || [])
        .map((t) => `${pieceHtml(t.attacker, j.pieces)} → ${pieceHtml(t.target, j.pieces)}${t.new ? " [mới, new]" : ""}: ${terms(t.terms)}`)
        .join("<br>");
      return `<tr><td>${p.ply}</td><td>${SIDES[p.mover] || escapeHtml(p.mover)}</td><td>${escapeHtml(p.text || "")}</td><td>${escapeHtml(p.move)}</td>` +
        `<td>${terms(p.terms)}</td><td>${threats}</td></tr>`;
    })
    .join("");
  const board = `<div class="free-view"><div class="board">${j.board || ""}</div>` +
    `<div><p class="repetition">Lặp lại <i>repetition</i>: ${escapeHtml(j.repetition_said || "")}</p></div></div>`;
  return `<h2>${verdictHtml(j.verdict)}</h2>${notationHtml(j)}${board}${row}` +
    sideHtml("Trắng <i>Đỏ, red</i>", j.red, j.pieces) + sideHtml("Đen <i>black</i>", j.black, j.pieces) +
    `<h3>Bảng sự kiện <i>Facts</i></h3><table class="facts"><thead><tr><th>#</th><th>Bên <i>side</i></th>` +
    `<th>Nước <i>move</i></th><th>ICCS</th><th>Thuật ngữ <i>terms</i></th><th>Đe dọa <i>threats</i></th></tr></thead><tbody>${facts}</tbody></table>` +
    `<details class="full"><summary>Giải thích đầy đủ <i>the full explanation</i></summary><pre class="explanation">${escapeHtml(j.said || "")}</pre></details>`;
}

$("free-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const rules = $("free-rules").value || $("text").value;
  const moves = $("free-moves").value.split(/\s+/).filter(Boolean);
  const body = { rules, fen: $("free-fen").value.trim(), moves, assume_cycle: $("free-cycle").checked };
  if ($("free-notation").value) body.notation = $("free-notation").value;
  const { ok, status, data } = await api("POST", "/api/judge", body);
  const out = $("free-result");
  if (ok) {
    out.innerHTML = renderJudgement(data);
  } else if (data.errors) {
    out.innerHTML = `<div class="error-box">Văn bản luật có lỗi <i>the rule text has errors</i>: ` +
      data.errors.map((x) => `${x.line}:${x.column} ${escapeHtml(x.message)}`).join("<br>") + "</div>";
  } else {
    out.innerHTML = `<div class="error-box"><pre>${escapeHtml(data.error || "HTTP " + status)}</pre>` +
      `${data.help ? escapeHtml(data.help) : ""}</div>`;
  }
});

// ----- tabs and start ------------------------------------------------------------------------

function showTab(which) {
  for (const [tab, pane] of [["tab-law", "pane-law"], ["tab-free", "pane-free"]]) {
    const on = tab === which;
    $(tab).classList.toggle("active", on);
    $(tab).setAttribute("aria-selected", on);
    $(pane).hidden = !on;
  }
}
$("tab-law").addEventListener("click", () => showTab("tab-law"));
$("tab-free").addEventListener("click", () => showTab("tab-free"));

$("text").addEventListener("input", () => {
  renderEditor();
  scheduleJudge();
});
$("text").addEventListener("scroll", syncScroll);
$("text").addEventListener("keydown", (e) => {
  if (e.key === "Tab") {
    e.preventDefault();
    document.execCommand("insertText", false, "    ");
  }
});
$("judge").addEventListener("click", judge);
$("ruleset").addEventListener("change", (e) => {
  // Switching throws the edits away: only with consent.
  if (edited() && !confirm(`Bỏ các thay đổi chưa lưu của ${state.picked}? (Discard the unsaved edits of ${state.picked}?)`)) {
    e.target.value = state.picked;
    return;
  }
  loadRuleSet(e.target.value);
});
window.addEventListener("beforeunload", (e) => {
  if (edited()) e.preventDefault();
});

(async () => {
  const chosen = await loadRuleSets();
  if (chosen) await loadRuleSet(chosen);
})();
