R="node --import tsx notes/scripts/ghinitaKl.ts"
for D in BMS1 BMS2; do $R --data $D --seeds 1-5 --ps 4,10,20 --queries 2000 --methods gray,gray:sorder=input,gray:sorder=random,nn > .tmp/out/$(echo $D | tr A-Z a-z)-sorder.txt; done
node --import tsx notes/scripts/riskVariants.ts --trials 20000 --seeds 1-3 > .tmp/out/risk.txt
