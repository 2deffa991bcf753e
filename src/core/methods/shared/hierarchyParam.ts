/**
 * The hierarchy parameters of the methods that generalize over one (DESIGN.md sec. 7): `hierarchy`,
 * the file's text (the CLI reads `--hierarchy FILE`), or, when it is empty, a balanced hierarchy of
 * fan-out `f` over the items in `order`. Parse errors name the line and the item; the data's items
 * must all be in a given hierarchy (rangeTree.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import {
  buildHierarchy,
  HIERARCHY_ORDERS,
  type HierarchyOrder,
} from '../../data/hierarchy/buildHierarchy.ts';
import type { Hierarchy } from '../../data/hierarchy/hierarchy.ts';
import { parseHierarchy } from '../../data/hierarchy/parseHierarchy.ts';

export const HIERARCHY_TEXT_PARAM = {
  name: 'hierarchy',
  type: 'text',
  default: '',
  help: 'generalization hierarchy: item;level1;...;root lines or item,parent edges, all items or a part (empty: build one with f and order)',
  placeholder: 'whole milk;milk;dairy;food\nrolls;bread;bakery;food',
  fileName: 'hierarchy.csv',
} as const;

export const FANOUT_PARAM = {
  name: 'f',
  type: 'int',
  default: 5,
  min: 2,
  help: 'fan-out of the balanced hierarchy built when none is given',
  unlessGiven: 'hierarchy',
} as const;

export const HIERARCHY_ORDER_PARAM = {
  name: 'order',
  type: 'string',
  default: 'support',
  choices: HIERARCHY_ORDERS,
  unlessGiven: 'hierarchy',
  help: 'how the built hierarchy groups items: support (items of like support together; the least loss measured on BMS1), cooccurrence (items that share rows), alphabetical or id (first appearance)',
} as const;

const ORDER_WORDS: Record<HierarchyOrder, string> = {
  support: 'grouped by support',
  cooccurrence: 'grouped by co-occurrence',
  alphabetical: 'alphabetically',
  id: 'by id',
};

export interface HierarchyChoice {
  readonly hierarchy: string;
  readonly f: number;
  readonly order: HierarchyOrder;
}

/** The hierarchy a run uses, and in words where it came from (for the run's notes). */
export function hierarchyOf(
  dataset: Dataset,
  params: HierarchyChoice,
): { hierarchy: Hierarchy; source: string } {
  if (params.hierarchy.trim() !== '') {
    const hierarchy = parseHierarchy(params.hierarchy, 'hierarchy');
    const categories = hierarchy.labels.length - hierarchy.items;
    return {
      hierarchy,
      source: `given: ${hierarchy.items} items, ${categories} categories, ${hierarchy.height} fields a line`,
    };
  }
  return {
    hierarchy: buildHierarchy(dataset, params.f, params.order),
    source: `built: balanced, fan-out ${params.f}, items ${ORDER_WORDS[params.order]}`,
  };
}
