set -x
R="node --import tsx notes/scripts/ghinitaKl.ts"
M=gray,rcm,nn,lsh,anatomy,gray:score=common,nn:score=common
$R --data BMS2 --seeds 1-5 --ps 4,10,20 --queries 2000 --methods $M --json .tmp/out/bms2-base.json > .tmp/out/bms2-base.txt
$R --data BMS1 --seeds 1-5 --ps 4,10,20 --queries 2000 --qmode weighted --methods gray,rcm,nn,lsh,anatomy > .tmp/out/bms1-qweighted.txt
$R --data BMS1 --seeds 1-5 --ps 4,10,20 --queries 2000 --qmode cooc --methods gray,rcm,nn,lsh,anatomy > .tmp/out/bms1-qcooc.txt
$R --data BMS1 --seeds 1-5 --ps 4,10,20 --queries 2000 --smode weighted --methods gray,rcm,nn,lsh,anatomy > .tmp/out/bms1-sweighted.txt
$R --data BMS1 --seeds 1 --ps 4,10 --queries 2000 --smode top --methods gray,rcm,nn,lsh,anatomy > .tmp/out/bms1-stop.txt
