/**
 * The papers the methods implement, by the file name a MethodSpec gives as `paper` (the project's
 * paper folder lists them): authors, title and where it appeared, so that the page and the CLI
 * name a paper as a reader cites it, never by its file name. The anatomy paper's text names no
 * authors; its title and venue stand alone.
 */
export interface Paper {
  /** Authors as printed, or null when the text names none. */
  authors: string | null;
  title: string;
  /** Where it appeared, when the text says. */
  venue: string | null;
}

export const PAPERS: Readonly<Record<string, Paper>> = {
  '000_6a275c75304b09c3.txt': {
    authors: 'Ghinita, Kalnis, Tao',
    title: 'Anonymous Publication of Sensitive Transactional Data',
    venue: 'IEEE TKDE 2011',
  },
  '001_a92d5e06ac026a12.txt': {
    authors: null,
    title: 'Privacy Preservation in Transaction Databases based on Anatomy technique',
    venue: 'CSE 2010',
  },
  '002_756e2aba8234532b.txt': {
    authors: 'Loukides, Gkoulalas-Divanis, Malin',
    title: 'Towards Utility-driven Anonymization of Transactions (COAT)',
    venue: null,
  },
  // apriori-km is Terrovitis et al.'s algorithm, whose paper is not in the folder; the COAT paper
  // restates it as its k^m baseline (Sec. 2 and 6), which is what the implementation follows.
  '002_756e2aba8234532b.txt (Apriori)': {
    authors: 'Terrovitis, Mamoulis, Kalnis',
    title:
      'Privacy-preserving Anonymization of Set-valued Data (the Apriori k^m algorithm, as restated by Loukides, Gkoulalas-Divanis, Malin in the COAT paper)',
    venue: 'PVLDB 1(1), 2008',
  },
  '003_aa8a8f08b56f3f6d.txt': {
    authors: null,
    title: 'PatternKa: Scalable Privacy Algorithm for Sparse High Dimensional Data',
    venue: "KDD'20 submission",
  },
  '004_2d64c07e95dc2207.txt': {
    authors: 'Lin, Liu, Fournier-Viger, Hong',
    title: 'PTA: An Efficient System for Anonymizing Transaction Databases',
    venue: null,
  },
  // The DP papers are not in the paper folder; dp-notes.md restates them (its sections 2 and 3).
  'dp-notes.md §2': {
    authors: 'Chen, Mohammed, Fung, Desai, Xiong',
    title: 'Publishing Set-Valued Data via Differential Privacy (DiffPart)',
    venue: 'PVLDB 4(11), 2011',
  },
  'dp-notes.md §3': {
    authors: 'Li, Qardaji, Su, Cao',
    title: 'PrivBasis: Frequent Itemset Mining with Differential Privacy',
    venue: 'PVLDB 5(11), 2012',
  },
  // Not in the paper folder: docs/hkp-coherence.md and notes/hkp-coherence.md say what is recalled.
  'xu-kdd2008': {
    authors: 'Xu, Wang, Fung, Yu',
    title: 'Anonymizing Transaction Databases for Publication',
    venue: 'KDD 2008',
  },
  // Not in the paper folder: cited from the published paper (docs/disassociation.md).
  'disassociation (PVLDB 2012)': {
    authors: 'Terrovitis, Liagouris, Mamoulis, Skiadopoulos',
    title: 'Privacy Preservation by Disassociation',
    venue: 'PVLDB 5(10), 2012',
  },
  // Not in the paper folder either: cited from the paper as published (notes/privbayes.md).
  privbayes: {
    authors: 'Zhang, Cormode, Procopiuc, Srivastava, Xiao',
    title: 'PrivBayes: Private Data Release via Bayesian Networks',
    venue: 'SIGMOD 2014; ACM TODS 42(4), 2017',
  },
};

/** "Authors — Title (venue)" for a paper file; the file name itself when it is not listed. */
export function citationOf(paperFile: string): string {
  const paper = PAPERS[paperFile];
  if (!paper) return paperFile;
  return `${paper.authors ? `${paper.authors} — ` : ''}${paper.title}${paper.venue ? ` (${paper.venue})` : ''}`;
}
