/**
 * The engine's hierarchy and rules jobs (DESIGN.md sec. 7): read or build a dataset's hierarchy
 * and describe it as a tree for the page, and apply saved rules to a dataset with the check of the
 * outcome and its data for download.
 */
import type { Dataset } from '../src/core/data/dataset.ts';
import type { Release } from '../src/core/release/types.ts';
import { buildHierarchy } from '../src/core/data/hierarchy/buildHierarchy.ts';
import { parseHierarchy } from '../src/core/data/hierarchy/parseHierarchy.ts';
import { bindHierarchy } from '../src/core/data/hierarchy/rangeTree.ts';
import { serializeHierarchy } from '../src/core/data/hierarchy/serializeHierarchy.ts';
import { hierarchyView } from '../src/core/data/hierarchy/treeView.ts';
import type { Hierarchy } from '../src/core/data/hierarchy/hierarchy.ts';
import { taxonomyOf } from '../src/core/dp/taxonomy.ts';
import { InputError } from '../src/core/base/errors.ts';
import { applyRules } from '../src/core/check/applyRules.ts';
import { writeReleaseJson } from '../src/core/release/writeJson.ts';
import { exportRelease } from '../src/core/release/export/exportRelease.ts';
import { defaultExportFormat } from '../src/core/run/publishRun.ts';
import { parseRules, rulesKeyOf } from '../src/core/run/rules.ts';
import type { AppliedRulesResult, HierarchyJobs } from './engineTypes.ts';
import { blobOf, toRunFile } from './runFiles.ts';

/**
 * What DiffPart will say of a hierarchy (it splits a node into 2^c - 1 sub-partitions, so a
 * category may have at most 16 children: core/dp/taxonomy.ts), said when the hierarchy is loaded
 * rather than when a DiffPart run is refused.
 */
function diffPartRefusal(h: Hierarchy): { diffPart?: string } {
  try {
    taxonomyOf(h);
    return {};
  } catch (error) {
    if (error instanceof InputError) return { diffPart: error.message };
    throw error;
  }
}

export function hierarchyJobs(get: (id: string) => Dataset): HierarchyJobs {
  return {
    hierarchy(id, source) {
      const dataset = get(id);
      if ('text' in source) {
        const hierarchy = parseHierarchy(source.text, source.name);
        // Items of the data it does not name hang under its root (shown in the tree); an item
        // of the data that is a category in it is an error naming it.
        const { tree, unnamed } = bindHierarchy(hierarchy, dataset, source.name);
        return {
          name: source.name,
          text: source.text,
          built: false,
          view: hierarchyView(tree.hierarchy, dataset),
          ...diffPartRefusal(tree.hierarchy),
          ...(unnamed.length > 0 && { unnamed: { count: unnamed.length, first: unnamed.slice(0, 10) } }),
        };
      }
      const hierarchy = buildHierarchy(dataset, source.fanout, source.order);
      return {
        name: `${dataset.name.replace(/\.[^.]+$/, '')}-hierarchy-f${source.fanout}-${source.order}.csv`,
        text: serializeHierarchy(hierarchy),
        built: true,
        view: hierarchyView(hierarchy, dataset),
      };
    },

    async applyRules(id, json, fileName, options, audit) {
      const dataset = get(id);
      const rules = parseRules(typeof json === 'string' ? json : await json.text(), fileName);
      const key =
        audit === undefined ? undefined : rulesKeyOf(typeof audit === 'string' ? audit : await audit.text());
      const applied = applyRules(dataset, rules, { ...options, ...(key && { key }) });
      return {
        rules: { method: rules.method, model: rules.model, params: rules.params, kind: rules.kind },
        check: applied.check,
        report: applied.report,
        ...appliedData(dataset, applied.release),
        release: blobOf((sink) => writeReleaseJson(applied.release, sink), 'application/json'),
      };
    },
  };
}

/** The treated batch as data in the batch's own format (DESIGN.md sec. 4), as Blobs. */
function appliedData(dataset: Dataset, release: Release): Pick<AppliedRulesResult, 'format' | 'files'> {
  const format = defaultExportFormat(dataset, release.kind);
  return {
    format,
    files: exportRelease(release, format, `${dataset.name} treated by saved rules`).map(toRunFile),
  };
}
