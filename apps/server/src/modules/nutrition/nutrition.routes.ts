import { nutritionCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerNutritionRoutes({ call, services }: AppContext): void {
  const { nutrition } = services;
  call(nutritionCalls.compute, ({ auth, input }) => nutrition.compute(auth.user.id, input));
  call(nutritionCalls.save, ({ auth, input }) => nutrition.save(auth.user.id, input));
  call(nutritionCalls.label, ({ auth, input }) => nutrition.label(auth.user.id, input.project_id));
  call(nutritionCalls.list, ({ auth, input }) => nutrition.list(auth.user.id, input.page_index, input.page_size));
  call(nutritionCalls.download, ({ auth, input }) => nutrition.download(auth.user, input));
  call(nutritionCalls.foods, ({ auth, input }) => nutrition.foods(auth.user.id, input.q, input.limit));
  call(nutritionCalls.saveFood, ({ auth, input }) => nutrition.saveFood(auth.user.id, input));
  call(nutritionCalls.deleteFood, ({ auth, input }) => nutrition.deleteFood(auth.user.id, input.food_id));
}
