import { ref, type Seeder } from '../../platform/seed/seed';
import { equipmentNames, trailerTypes } from './general.table';

export const TRAILER_TYPES = [
  { name: 'Dry Van', reefer: false },
  { name: 'Reefer', reefer: true },
  { name: 'Flatbed', reefer: false },
  { name: 'Step Deck', reefer: false },
  { name: 'Power Only', reefer: false },
  { name: 'Conestoga', reefer: false },
] as const;

const EQUIPMENT = [
  'Load bars',
  'Straps',
  'Chains',
  'Binders',
  'Tarps',
  'Pallet jack',
  'Dash cam',
  'ELD tablet',
  'Fire extinguisher',
  'Triangles',
];

export const generalSeeder: Seeder = {
  name: 'trailer types and equipment names',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const types = await ctx.db
      .insert(trailerTypes)
      .values(TRAILER_TYPES.map((t) => ({ companyId, ...t })))
      .returning({ id: trailerTypes.id, name: trailerTypes.name });
    ctx.refs.set(
      'trailerTypeIds',
      types.map((t) => t.id),
    );
    const names = await ctx.db
      .insert(equipmentNames)
      .values(EQUIPMENT.map((name) => ({ companyId, name })))
      .returning({ id: equipmentNames.id });
    ctx.refs.set(
      'equipmentNameIds',
      names.map((n) => n.id),
    );
  },
};
