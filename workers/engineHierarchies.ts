/**
 * The engine's hierarchy and rules jobs (DESIGN.md sec. 7): read or build a dataset's hierarchy
 * and describe it as a tree for the page, and apply saved rules to a dataset with the check of the
 * outcome and its data for download.
 */
import type { Dataset } from '../src/core/data/dataset.ts';
import { buildHierarchy } from '../src/core/data/hierarchy/buildHierarchy.ts';
import { parseHierarchy } from '../src/core/data/hierarchy/parseHierarchy.ts';
import { bindHierarchy } from '../src/core/data/hierarchy/rangeTree.ts';
import { serializeHierarchy } from '../src/core/data/hierarchy/serializeHierarchy.ts';
import { hierarchyView } from '../src/core/data/hierarchy/treeView.ts';
import { applyRules } from '../src/core/check/applyRules.ts';
import { releaseJson } from '../src/core/release/exportRelease.ts';
import { outcomeData } from '../src/core/release/outcomeData.ts';
import { parseRules } from '../src/core/run/rules.ts';
import type { HierarchyJobs } from './engineTypes.ts';

export function hierarchyJobs(get: (id: string) => Dataset): HierarchyJobs {
  return {
    hierarchy(id, source) {
      const dataset = get(id);
      if ('text' in source) {
        const hierarchy = parseHierarchy(source.text, source.name);
        // Every item of the data must be in it (the error names the missing ones).
        bindHierarchy(hierarchy, dataset, source.name);
        return {
          name: source.name,
          text: source.text,
          built: false,
          view: hierarchyView(hierarchy, dataset),
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

    applyRules(id, text, fileName, options) {
      const dataset = get(id);
      const rules = parseRules(text, fileName);
      const applied = applyRules(dataset, rules, options);
      return {
        rules: { method: rules.method, model: rules.model, params: rules.params, kind: rules.kind },
        check: applied.check,
        report: applied.report,
        data: outcomeData(applied.release, dataset.format),
        releaseJson: releaseJson(applied.release),
      };
    },
  };
}
