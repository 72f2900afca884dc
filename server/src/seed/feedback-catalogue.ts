/**
 * The feedback categories and attributes every new company starts with (docs/feedback.md, "Categories and
 * attributes"). Their English names are data: the company renames, recolours or deactivates them.
 */
import type { Db } from '../db/engine.js';

type SeedCategory = {
  name: string;
  color: string;
  description: string;
  synonyms: string[];
  attributes: [name: string, description: string][];
};

export const SEED_CATEGORIES: readonly SeedCategory[] = [
  {
    name: 'Communication',
    color: '#2563EB',
    description: 'Sharing ideas and information clearly, in speech and in writing.',
    synonyms: ['comms', 'speaking'],
    attributes: [
      ['Clarity', 'Gets the point across simply and precisely.'],
      ['Listening', 'Hears others out and checks understanding.'],
      ['Written communication', 'Writes messages and documents that are easy to follow.'],
    ],
  },
  {
    name: 'Ownership',
    color: '#9333EA',
    description: 'Taking responsibility for outcomes, not just tasks.',
    synonyms: ['responsibility'],
    attributes: [
      ['Accountability', 'Owns results and mistakes alike.'],
      ['Initiative', 'Acts on problems and opportunities without being asked.'],
      ['Follow-through', 'Finishes what they start and closes the loop.'],
    ],
  },
  {
    name: 'Quality',
    color: '#059669',
    description: 'Work that is correct, careful and built to last.',
    synonyms: ['craftsmanship'],
    attributes: [
      ['Attention to detail', 'Catches the small things before others do.'],
      ['Craft', 'Takes pride in doing the work well.'],
      ['Testing', 'Checks their work and makes it easy to check.'],
    ],
  },
  {
    name: 'Collaboration',
    color: '#EA580C',
    description: 'Working well with others towards a shared goal.',
    synonyms: ['teamwork', 'cooperation'],
    attributes: [
      ['Teamwork', 'Puts the team’s goal ahead of their own.'],
      ['Helpfulness', 'Makes time to unblock and support colleagues.'],
      ['Knowledge sharing', 'Teaches, documents and passes on what they know.'],
    ],
  },
  {
    name: 'Delivery',
    color: '#DC2626',
    description: 'Getting the right things done, on time.',
    synonyms: ['execution'],
    attributes: [
      ['Timeliness', 'Meets deadlines or warns early when they slip.'],
      ['Planning', 'Breaks work down and sequences it sensibly.'],
      ['Focus', 'Keeps attention on what matters most.'],
    ],
  },
];

/** Inserts the seed categories and attributes for a new tenant (inside its creating transaction). */
export async function seedFeedbackCatalogue(db: Db, tenantId: number, stamp: string): Promise<void> {
  for (const category of SEED_CATEGORIES) {
    const row = await db
      .insertInto('feedbackCategories')
      .values({
        tenantId,
        name: category.name,
        synonyms: JSON.stringify(category.synonyms),
        description: category.description,
        color: category.color,
        isActive: 1,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('feedbackAttributes')
      .values(
        category.attributes.map(([name, description]) => ({
          tenantId,
          categoryId: row.id,
          name,
          synonyms: '[]',
          description,
          isActive: 1 as const,
          createdAt: stamp,
          updatedAt: stamp,
        })),
      )
      .execute();
  }
}
