// report.html's behaviour: draws the graph of the riskiest chains with cytoscape.js, the
// filters, the side panel and the sortable tables. All data comes from the JSON block
// #report-data; user text only ever enters the page as textContent, never as markup.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const ents = data.entities;
  const nodesData = data.nodes;
  const edgesData = data.edges;
  const redacted = data.meta.redacted;
  const graphEl = document.getElementById('graph');
  const panel = document.getElementById('panel');
  let mode = 'before';

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') node.className = v;
      else node.setAttribute(k, v);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  const fmt = (x) => (x === null || x === undefined ? '' : Number(x).toFixed(3));
  // Green (no risk) through amber to red (certain re-identification).
  const riskColour = (r) => `hsl(${Math.round(120 * (1 - Math.min(Math.max(r, 0), 1)))}, 65%, 45%)`;
  // Canvas labels cannot be styled per word: a combining long stroke strikes a masked value through.
  const strike = (s) => Array.from(s).map((c) => c + '\u0336').join('');
  const shown = (i) => (ents[i].value === null ? ents[i].replacement : ents[i].value);
  const risk = (n) => (mode === 'before' ? n.rb : n.ra);

  // Which drawn chains' categories each document belongs to; none: a neighbour.
  const nodeCats = nodesData.map(() => new Set());
  data.chains.forEach((c) => c.nodes.forEach((i) => nodeCats[i].add(c.cat)));

  function checked(name) {
    return new Set(Array.from(document.querySelectorAll(`input[name="${name}"]:checked`)).map((x) => x.value));
  }

  function edgeLabel(via, types) {
    const parts = via.filter((i) => types.has(ents[i].type)).map((i) => (ents[i].masked ? strike(shown(i)) : shown(i)));
    return parts.length > 3 ? parts.slice(0, 3).join(', ') + ` +${parts.length - 3}` : parts.join(', ');
  }

  // ---- filters: entity types present on the drawn links
  const typeBox = document.getElementById('type-filters');
  const types = Array.from(new Set(edgesData.flatMap((e) => e.via.map((i) => ents[i].type)))).sort();
  types.forEach((t) => {
    typeBox.append(el('label', {}, el('input', { type: 'checkbox', name: 'type', value: t, checked: '' }), ' ' + t));
  });
  const allTypes = new Set(types);

  // ---- the graph
  const elements = [];
  nodesData.forEach((n, i) => {
    elements.push({ group: 'nodes', data: { id: 'n' + i, idx: i, label: n.label, colour: riskColour(n.rb) },
                    classes: n.core ? 'core' : 'neighbour' });
  });
  edgesData.forEach((e, j) => {
    elements.push({ group: 'edges', data: { id: 'e' + j, idx: j, source: 'n' + e.a, target: 'n' + e.b,
                    w: 1 + 7 * e.sb, label: edgeLabel(e.via, allTypes) } });
  });
  // Force-directed for the usual sizes; concentric by risk past it, where cose gets slow.
  const layout = nodesData.length <= 300
    ? { name: 'cose', animate: false, randomize: true, nodeDimensionsIncludeLabels: true, idealEdgeLength: () => 120,
        edgeElasticity: () => 100, nodeRepulsion: () => 1000000, nodeOverlap: 40, gravity: 60, componentSpacing: 50,
        numIter: 2500, padding: 30 }
    : { name: 'concentric', animate: false, concentric: (n) => nodesData[n.data('idx')].rb, levelWidth: () => 0.1,
        minNodeSpacing: 6, padding: 20 };
  const cy = window.cytoscape({
    container: graphEl,
    elements: elements,
    style: [
      { selector: 'node', style: { 'background-color': 'data(colour)', label: 'data(label)', 'font-size': 10,
          width: 20, height: 20, 'text-valign': 'bottom', 'text-margin-y': 3, 'border-width': 1, 'border-color': '#333',
          'min-zoomed-font-size': 6 } },
      { selector: 'node.neighbour', style: { width: 13, height: 13, shape: 'round-rectangle', opacity: 0.8 } },
      { selector: 'edge', style: { width: 'data(w)', 'line-color': '#9aa7b8', label: 'data(label)', 'font-size': 9,
          color: '#222', 'text-rotation': 'autorotate', 'curve-style': 'bezier', 'text-background-color': '#fff',
          'text-background-opacity': 0.85, 'text-background-padding': 1, 'min-zoomed-font-size': 7 } },
      { selector: '.hidden', style: { display: 'none' } },
      { selector: '.picked', style: { 'border-width': 4, 'border-color': '#000', 'line-color': '#1b1f24' } },
      { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#000' } },
    ],
    layout: layout,
  });

  function updateCounts() {
    graphEl.setAttribute('data-nodes', String(cy.nodes().not('.hidden').length));
    graphEl.setAttribute('data-edges', String(cy.edges().not('.hidden').length));
  }

  function recolour() {
    cy.batch(() => {
      cy.nodes().forEach((n) => n.data('colour', riskColour(risk(nodesData[n.data('idx')]))));
      cy.edges().forEach((e) => {
        const d = edgesData[e.data('idx')];
        e.data('w', 1 + 7 * (mode === 'before' ? d.sb : d.sa));
      });
    });
  }

  function applyFilters() {
    const cats = checked('cat');
    const on = checked('type');
    const min = parseFloat(document.getElementById('min-risk').value);
    document.getElementById('min-risk-value').textContent = min.toFixed(2);
    cy.batch(() => {
      cy.nodes().forEach((n) => {
        const i = n.data('idx');
        const own = nodeCats[i];
        const catOk = own.size ? Array.from(own).some((c) => cats.has(c)) : cats.has('neighbour');
        n.toggleClass('hidden', !(catOk && risk(nodesData[i]) >= min - 1e-9));
      });
      cy.edges().forEach((e) => {
        const via = edgesData[e.data('idx')].via;
        const typeOk = via.some((i) => on.has(ents[i].type));
        const endsOk = !e.source().hasClass('hidden') && !e.target().hasClass('hidden');
        e.toggleClass('hidden', !(typeOk && endsOk));
        e.data('label', edgeLabel(via, on));
      });
    });
    updateCounts();
  }

  document.querySelectorAll('#graph-controls input').forEach((input) => {
    input.addEventListener(input.type === 'range' ? 'input' : 'change', () => {
      if (input.name === 'mode') {
        mode = input.value;
        recolour();
      }
      applyFilters();
    });
  });
  document.getElementById('fit').addEventListener('click', () => cy.fit(cy.elements().not('.hidden'), 20));

  // ---- the side panel
  function badge() {
    return redacted ? null : el('span', { class: 'badge' }, 'CONFIDENTIAL');
  }

  function valueCell(i) {
    const e = ents[i];
    if (!e.masked) return el('td', {}, e.value);
    if (e.value === null) return el('td', {}, el('mark', { class: 'replacement' }, e.replacement));
    return el('td', {}, el('s', { class: 'masked-value' }, e.value), ' \u2192 ', el('mark', { class: 'replacement' }, e.replacement));
  }

  function valuesTable(rows) {
    const body = el('tbody');
    rows.forEach(([i, relevance]) => {
      const e = ents[i];
      body.append(el('tr', { class: e.masked ? 'masked' : '' }, el('td', {}, e.type), valueCell(i),
        el('td', {}, e.masked ? e.stage : 'kept'), el('td', { class: 'num' }, relevance === null ? '' : fmt(relevance))));
    });
    return el('table', { class: 'values' },
      el('thead', {}, el('tr', {}, el('th', {}, 'type'), el('th', {}, 'value'), el('th', {}, 'masked'), el('th', {}, 'relevance'))),
      body);
  }

  function maskedText(segments) {
    const pre = el('pre', { class: 'masked-text' });
    segments.forEach((s, k) => pre.append(k % 2 ? el('mark', { class: 'replacement' }, s) : document.createTextNode(s)));
    return pre;
  }

  function riskLine(before, after) {
    return el('p', { class: 'risk' }, 'risk ', el('span', { class: 'chip', style: `background:${riskColour(before)}` }),
      ` ${fmt(before)} before \u2192 `, el('span', { class: 'chip', style: `background:${riskColour(after)}` }), ` ${fmt(after)} after`);
  }

  function showDocument(i) {
    const n = nodesData[i];
    cy.elements().removeClass('picked');
    cy.$id('n' + i).addClass('picked');
    panel.replaceChildren();
    panel.setAttribute('data-doc', n.id);
    panel.append(el('h3', {}, n.label), el('p', { class: 'muted' }, n.path || ''), riskLine(n.rb, n.ra));
    const chains = data.chains.map((c, k) => [c, k]).filter(([c]) => c.nodes.includes(i));
    panel.append(el('p', {}, chains.length ? `In ${chains.length} of the drawn chains (` +
      Array.from(nodeCats[i]).join(', ') + ').' : 'A neighbour: linked to a chain\u2019s document, in no drawn chain.'));
    const anyMasked = n.mentions.some(([e]) => ents[e].masked);
    panel.append(el('h4', {}, 'Values', anyMasked ? badge() : null), valuesTable(n.mentions));
    panel.append(el('h4', {}, 'Masked text'));
    if (n.text) {
      panel.append(maskedText(n.text.content));
      if (n.text.metadata) panel.append(el('h4', {}, 'Masked metadata'), maskedText(n.text.metadata));
    }
    if (n.text_note) panel.append(el('p', { class: 'note' }, 'Text: ' + n.text_note + '.'));
  }

  function showEdge(j) {
    const d = edgesData[j];
    cy.elements().removeClass('picked');
    cy.$id('e' + j).addClass('picked');
    panel.replaceChildren();
    panel.removeAttribute('data-doc');
    panel.append(el('h3', {}, `${nodesData[d.a].label} \u2194 ${nodesData[d.b].label}`),
      el('p', {}, `link strength ${fmt(d.sb)} before \u2192 ${fmt(d.sa)} after masking`),
      el('h4', {}, 'Linking values', d.via.some((i) => ents[i].masked) ? badge() : null),
      valuesTable(d.via.map((i) => [i, null])));
  }

  function showChain(k) {
    const c = data.chains[k];
    cy.elements().removeClass('picked');
    const members = cy.collection();
    c.nodes.forEach((i, p) => {
      members.merge(cy.$id('n' + i));
      if (p) members.merge(cy.$id('n' + c.nodes[p - 1]).edgesWith(cy.$id('n' + i)));
    });
    members.addClass('picked');
    cy.fit(members, 60);
    panel.replaceChildren();
    panel.removeAttribute('data-doc');
    panel.append(el('h3', {}, c.nodes.map((i) => nodesData[i].label).join(' \u2192 ')),
      el('p', {}, `${c.cat}: chain risk ${fmt(c.ri)} initially \u2192 ${fmt(c.rp)} after the document stage \u2192 ` +
        `${fmt(c.ra)} after masking; target ${fmt(c.target)} ${c.met ? 'met' : 'NOT met: ' + (c.reason || '')}`),
      el('p', { class: 'muted' }, 'Click a document of the chain for its values and masked text.'));
  }

  cy.on('tap', 'node', (evt) => showDocument(evt.target.data('idx')));
  cy.on('tap', 'edge', (evt) => showEdge(evt.target.data('idx')));

  function focusDocument(i) {
    const node = cy.$id('n' + i);
    // Bring the document into view only when it is out of it: the overview stays as it is.
    const box = cy.extent();
    const at = node.position();
    const inside = at.x >= box.x1 && at.x <= box.x2 && at.y >= box.y1 && at.y <= box.y2;
    if (!node.hasClass('hidden') && !inside) cy.animate({ center: { eles: node }, duration: 200 });
    showDocument(i);
  }
  document.querySelectorAll('[data-node]').forEach((row) => {
    row.addEventListener('click', () => focusDocument(Number(row.getAttribute('data-node'))));
  });
  document.querySelectorAll('[data-chain]').forEach((row) => {
    row.addEventListener('click', () => showChain(Number(row.getAttribute('data-chain'))));
  });

  // ---- sortable tables: click a header; numbers sort as numbers
  document.querySelectorAll('table.sortable').forEach((table) => {
    table.querySelectorAll('th').forEach((th, col) => {
      th.addEventListener('click', () => {
        const ascending = th.getAttribute('aria-sort') !== 'ascending';
        table.querySelectorAll('th').forEach((h) => h.removeAttribute('aria-sort'));
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        const body = table.tBodies[0];
        const key = (tr) => tr.cells[col].getAttribute('data-sort') ?? tr.cells[col].textContent;
        const rows = Array.from(body.rows);
        const numeric = rows.every((tr) => key(tr) === '' || !Number.isNaN(Number(key(tr))));
        rows.sort((x, y) => {
          const a = key(x);
          const b = key(y);
          const order = numeric ? Number(a) - Number(b) : a.localeCompare(b);
          return ascending ? order : -order;
        });
        body.append(...rows);
      });
    });
  });

  // Counts once drawn: tests and tools read #graph[data-nodes][data-edges].
  cy.ready(() => {
    cy.fit(undefined, 30);
    updateCounts();
    graphEl.setAttribute('data-ready', 'true');
  });
  window.sanonReport = { cy: cy, showDocument: showDocument, showChain: showChain };
})();
