import { PageFrame } from '../../layout/PageFrame';
import { NutritionScreen } from '../../features/nutrition/components/NutritionScreen';

function NutritionLabelPage() {
  return (
    <PageFrame
      route="nutritionLabel"
      description="Enter your nutrients or your recipe and get a nutrition label for the US, Canada, the EU or the UK, rounded by each region's rules, ready to print at its true size."
    >
      <NutritionScreen />
    </PageFrame>
  );
}

export { NutritionLabelPage as Component };
